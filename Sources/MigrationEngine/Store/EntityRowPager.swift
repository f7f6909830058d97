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
        try page(entity: entity, offset: offset, limit: limit, query: .all)
    }

    /// Reads `limit` of the rows of `entity` that `query` selects, starting at `offset`, in its order. The
    /// page's `totalRows` counts the rows the query selects; a row found by primary key names its own entity
    /// (a sub-entity's object reached through a relationship to its parent).
    public func page(entity: String, offset: Int, limit: Int, query: RowQuery) throws(StoreError) -> EntityRowPage {
        let path = snapshot.originalPath
        guard let count = counts.first(where: { $0.entity == entity }), let table = count.table else {
            throw StoreError(.notCoreData, path: path, message: "no table for entity \(entity)")
        }
        let quoted = SQLIdentifier.quoted(table)
        do {
            return try queue.read { db in
                let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\(quoted))")
                let columns = info.map { $0["name"] as String }
                if let sort = query.sortColumn, !columns.contains(sort) {
                    throw StoreError(.notCoreData, path: path, message: "table \(table) has no column \(sort)")
                }
                var conditions: [String] = []
                var arguments: [DatabaseValueConvertible?] = []
                if let key = query.primaryKey {
                    conditions.append(#""Z_PK" = ?"#)
                    arguments.append(key)
                } else {
                    conditions.append(#""Z_ENT" = ?"#)
                    arguments.append(count.number)
                }
                if let pattern = query.likePattern {
                    let searched = info.filter { ($0["type"] as String? ?? "").uppercased() != "BLOB" }.map {
                        $0["name"] as String
                    }
                    let matches = searched.map { "CAST(\(SQLIdentifier.quoted($0)) AS TEXT) LIKE ? ESCAPE '\\'" }
                    conditions.append("(" + (matches.isEmpty ? "0" : matches.joined(separator: " OR ")) + ")")
                    arguments += searched.map { _ in pattern }
                }
                let filter = " WHERE " + conditions.joined(separator: " AND ")
                let direction = query.descending ? " DESC" : ""
                let order = query.sortColumn.map { SQLIdentifier.quoted($0) + direction + #", "Z_PK""# + direction } ?? #""Z_PK""#
                let rows = try Row.fetchAll(
                    db, sql: "SELECT * FROM \(quoted)\(filter) ORDER BY \(order) LIMIT ? OFFSET ?",
                    arguments: StatementArguments(arguments + [limit, max(0, offset)]))
                let total =
                    query.narrows
                    ? try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM \(quoted)\(filter)", arguments: StatementArguments(arguments))
                        ?? 0 : count.rows
                let values = rows.map { row in (0..<row.count).map { Self.value(row[$0] as DatabaseValue) } }
                var named = entity
                if query.primaryKey != nil, let number = rows.first?["Z_ENT"] as Int?,
                    let actual = counts.first(where: { $0.number == number })
                {
                    named = actual.entity
                }
                return EntityRowPage(entity: named, columns: columns, rows: values, offset: max(0, offset), totalRows: total)
            }
        } catch let error as StoreError {
            throw error
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
