import Foundation
import GRDB

/// Pages through one entity's rows, read-only, from a snapshot taken once (so the pages are consistent and
/// the original store is never opened).
public final class EntityRowPager: Sendable {
    /// The snapshot read from; removed when the pager is released.
    public let snapshot: StoreSnapshot
    private let queue: DatabaseQueue
    private let counts: [EntityRowCount]

    /// Snapshots the store; `counts` come from ``StoreReader`` (entity numbers, tables and row counts).
    public init(path: String, counts: [EntityRowCount], options: SnapshotOptions = .init()) throws(StoreError) {
        snapshot = try StoreSnapshot.take(of: path, options: options)
        queue = try snapshot.openReadOnly()
        self.counts = counts
    }

    /// Reads `limit` rows of `entity` starting at `offset`, in primary-key order.
    public func page(entity: String, offset: Int, limit: Int) throws(StoreError) -> EntityRowPage {
        let path = snapshot.originalPath
        guard let count = counts.first(where: { $0.entity == entity }), let table = count.table else {
            throw StoreError(.notCoreData, path: path, message: "no table for entity \(entity)")
        }
        let select: SQLFragment = """
            SELECT * FROM \(SQLIdentifier(table)) WHERE \(SQLIdentifier.entityNumber) = \(value: count.number)
            ORDER BY \(SQLIdentifier.primaryKey) LIMIT \(value: limit) OFFSET \(value: max(0, offset))
            """
        do {
            return try queue.read { db in
                let columns = try db.columnNames(in: table)
                let rows = try Row.fetchAll(db, select.request)
                let values = rows.map { row in (0..<row.count).map { Self.value(row[$0] as DatabaseValue) } }
                return EntityRowPage(
                    entity: entity, columns: columns, rows: values, offset: max(0, offset), totalRows: count.rows)
            }
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }

    private static func value(_ value: DatabaseValue) -> StoredValue {
        switch value.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .blob(data)
        }
    }
}
