import Foundation
import GRDB

/// Pages through one entity's rows, read-only, from a snapshot taken once (so the pages are consistent and
/// the original store is never opened).
package final class EntityRowPager: Sendable {
    /// The snapshot read from; removed when the pager is released.
    package let snapshot: StoreSnapshot
    let queue: DatabaseQueue
    private let counts: [EntityRowCount]
    /// Entity names by `Z_ENT`, as `Z_PRIMARYKEY` records them.
    let entityNames: [Int: String]

    /// Snapshots the store; `counts` come from ``StoreReader`` (entity numbers, tables and row counts).
    package init(path: String, counts: [EntityRowCount], options: SnapshotOptions = .init()) throws(StoreError) {
        snapshot = try StoreSnapshot.take(of: path, options: options)
        queue = try snapshot.openReadOnly()
        self.counts = counts
        entityNames = Dictionary(counts.map { ($0.number, $0.entity) }) { first, _ in first }
    }

    /// Reads `limit` rows of `entity` starting at `offset`, in primary-key order.
    package func page(entity: String, offset: Int, limit: Int) throws(StoreError) -> EntityRowPage {
        try page(entity: entity, offset: offset, limit: limit, query: .all)
    }

    /// Reads `limit` of the rows of `entity` that `query` selects, starting at `offset`, in its order: the
    /// entity's own rows and its sub-entities' (all in its root's table, told apart by `Z_ENT`), as Core Data
    /// fetches a parent, so an abstract parent shows its sub-entities' objects. The page's `totalRows` counts
    /// the rows the query selects; each row names its own entity, and a row found by primary key names its
    /// own entity as the page's (a sub-entity's object reached through a relationship to its parent).
    package func page(entity: String, offset: Int, limit: Int, query: RowQuery) throws(StoreError) -> EntityRowPage {
        let path = snapshot.originalPath
        let hierarchy = counts.hierarchy(below: entity)
        guard let count = hierarchy.first, let table = count.table else {
            throw StoreError(.notCoreData, path: path, message: "no table for entity \(entity)")
        }
        do {
            return try queue.read { db in
                let declared = try db.declaredColumns(in: table)
                let columns = declared.map(\.name)
                if let sort = query.sortColumn, !columns.contains(sort) {
                    throw StoreError(.notCoreData, path: path, message: "table \(table) has no column \(sort)")
                }
                var conditions: [SQLFragment] = [
                    query.primaryKey.map { key -> SQLFragment in "\(SQLIdentifier.primaryKey) = \(value: key)" }
                        ?? "\(SQLIdentifier.entityNumber) IN (\(values: hierarchy.map(\.number)))"
                ]
                if let pattern = query.likePattern {
                    let searched = declared.filter { $0.type.uppercased() != "BLOB" }.map { SQLIdentifier($0.name) }
                    let matches = searched.map { column -> SQLFragment in
                        "CAST(\(column) AS TEXT) LIKE \(value: pattern) ESCAPE '\\'"
                    }
                    conditions.append(matches.isEmpty ? "0" : "(\(SQLFragment.joined(matches, separator: " OR ")))")
                }
                if let keys = query.keys { conditions.append("\(SQLIdentifier.primaryKey) IN (\(values: keys))") }
                let filter: SQLFragment = " WHERE \(SQLFragment.joined(conditions, separator: " AND "))"
                let direction: SQLFragment = query.descending ? " DESC" : ""
                let order: SQLFragment =
                    query.sortColumn.map { "\(SQLIdentifier($0))\(direction), \(SQLIdentifier.primaryKey)\(direction)" }
                    ?? "\(SQLIdentifier.primaryKey)"
                let select: SQLFragment = """
                    SELECT * FROM \(SQLIdentifier(table))\(filter) ORDER BY \(order) \
                    LIMIT \(value: limit) OFFSET \(value: max(0, offset))
                    """
                // Values by byte count (GRDB's rows end text at a NUL); text that is not UTF-8 shows U+FFFD.
                let statement = try db.makeStatement(select)
                var values: [[StoredValue]] = []
                var rowEntities: [String] = []
                let cursor = try Row.fetchCursor(statement, arguments: select.statementArguments)
                while let row = try cursor.next() {
                    // Converted without trapping: the store may hold anything in Z_ENT.
                    let number = (row["Z_ENT"] as DatabaseValue?).flatMap(Int.fromDatabaseValue)
                    rowEntities.append(number.flatMap { entityNames[$0] } ?? entity)
                    values.append((0..<row.count).map { Self.value(SQLiteValueReader.shown(statement, at: $0)) })
                }
                let counted: SQLFragment = "SELECT COUNT(*) FROM \(SQLIdentifier(table))\(filter)"
                let total = query.narrows ? try Int.fetchOne(db, counted.request) ?? 0 : hierarchy.reduce(0) { $0 + $1.rows }
                let named = query.primaryKey != nil ? rowEntities.first ?? entity : entity
                return EntityRowPage(
                    entity: named, columns: columns, rows: values, offset: max(0, offset), totalRows: total,
                    rowEntities: rowEntities)
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
