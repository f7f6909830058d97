import CSQLiteGuard
import Foundation
import GRDB
import Synchronization

/// Pages through one entity's rows, read-only, from a snapshot taken once (so the pages are consistent and
/// the original store is never opened).
package final class EntityRowPager: Sendable {
    /// The snapshot read from; removed when the pager is released.
    package let snapshot: StoreSnapshot
    let queue: DatabaseQueue
    private let counts: [EntityRowCount]
    /// Entity names by `Z_ENT`, as `Z_PRIMARYKEY` records them.
    let entityNames: [Int: String]
    /// From how many rows a sorted entity is paged through its order, sorted once (``SortedOrder``).
    let orderedFrom: Int
    /// The order the last sorted page of a large entity was read through, and how many rows it holds.
    let sortedOrder = Mutex<(order: SortedOrder, rows: Int)?>(nil)

    /// Snapshots the store; `counts` come from ``StoreReader`` (entity numbers, tables and row counts). An
    /// entity of `orderedFrom` rows or more is sorted once for its sorted pages (``SortedOrder``).
    package init(
        path: String, counts: [EntityRowCount], options: SnapshotOptions = .init(),
        orderedFrom: Int = SortedOrder.orderedPagingRows
    ) throws(StoreError) {
        snapshot = try StoreSnapshot.take(of: path, options: options)
        queue = try snapshot.openReadOnly()
        self.counts = counts
        self.orderedFrom = orderedFrom
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
        try page(entity: entity, from: .first(skip: offset), limit: limit, query: query)
    }

    /// Reads `limit` of the rows of `entity` that `query` selects as ``page(entity:offset:limit:query:)`` does,
    /// from `start`: from a row of a page already read (``EntityRowPage/firstKey``, ``EntityRowPage/lastKey``)
    /// or from the end, SQLite seeks by the sort column and `Z_PK` rather than reading every row before.
    /// Setting `cancellation` meanwhile ends the read (a ``StoreError`` `.stopped`, a cancellation). A search
    /// looks in the columns `shown` names, as the browser shows them (nil: every column as stored).
    package func page(
        entity: String, from start: PageStart, limit: Int, query: RowQuery, shown: EntityColumns? = nil,
        cancellation: CancellationFlag? = nil
    ) throws(StoreError) -> EntityRowPage {
        let path = snapshot.originalPath
        let hierarchy = counts.hierarchy(below: entity)
        guard let count = hierarchy.first, let table = count.table else {
            throw StoreError(.notCoreData, path: path, message: "no table for entity \(entity)")
        }
        if let column = query.sortColumn, !query.narrows, hierarchy.reduce(0, { $0 + $1.rows }) >= orderedFrom {
            let order = SortedOrder(table: table, column: column, numbers: hierarchy.map(\.number))
            return try page(
                entity: entity, through: order, from: start, limit: limit, descending: query.descending,
                cancellation: cancellation)
        }
        do {
            return try queue.read { db in
                try db.stopping(on: cancellation) {
                    let declared = try db.declaredColumns(in: table)
                    let columns = declared.map(\.name)
                    if let sort = query.sortColumn, !columns.contains(sort) {
                        throw StoreError(.notCoreData, path: path, message: "table \(table) has no column \(sort)")
                    }
                    var conditions: [SQLFragment] = [
                        query.primaryKey.map { key -> SQLFragment in "\(SQLIdentifier.primaryKey) = \(value: key)" }
                            ?? "\(SQLIdentifier.entityNumber) IN (\(values: hierarchy.map(\.number)))"
                    ]
                    conditions += query.conditions(
                        searching: declared, shown: shown, entity: entity,
                        entities: hierarchy.map { ($0.number, $0.entity) }, db: db)
                    let filter: SQLFragment = " WHERE \(SQLFragment.joined(conditions, separator: " AND "))"
                    // Read backwards from the end or before a row, then turned round.
                    let descending = query.descending != !start.forward
                    let sort = query.sortColumn.map(SQLIdentifier.init)
                    let seek = start.key.map { key -> SQLFragment in " AND \(key.rowsAfter(column: sort, descending: descending))"
                    }
                    let order = SQLFragment.joined(query.orderTerms(descending: descending))
                    let select: SQLFragment = """
                        SELECT * FROM \(SQLIdentifier(table))\(filter)\(seek ?? "") ORDER BY \(order) \
                        LIMIT \(value: limit) OFFSET \(value: start.skip)
                        """
                    let sortIndex = query.sortColumn.flatMap { columns.firstIndex(of: $0) }
                    let keyIndex = columns.firstIndex(of: "Z_PK")
                    var read = try readRows(db, select, sortIndex: sortIndex, keyIndex: keyIndex, entity: entity)
                    let counted: SQLFragment = "SELECT COUNT(*) FROM \(SQLIdentifier(table))\(filter)"
                    let total = query.narrows ? try Int.fetchOne(db, counted.request) ?? 0 : hierarchy.reduce(0) { $0 + $1.rows }
                    if !start.forward { read.turnRound() }
                    let offset: Int
                    switch start {
                    case .first(let skip): offset = max(0, skip)
                    case .last: offset = max(0, total - start.skip - read.values.count)
                    case .after(let key, _): offset = key.position + 1 + start.skip
                    case .before(let key, _): offset = max(0, key.position - start.skip - read.values.count)
                    }
                    let named = query.primaryKey != nil ? read.rowEntities.first ?? entity : entity
                    return read.page(entity: named, columns: columns, offset: offset, totalRows: total)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }

    /// The rows `select` reads, each with its entity, and the first and last row's place in the sort order
    /// (`sortIndex`'s value and `keyIndex`'s `Z_PK`). Values by byte count (GRDB's rows end text at a NUL);
    /// text that is not UTF-8 shows U+FFFD.
    func readRows(_ db: Database, _ select: SQLFragment, sortIndex: Int?, keyIndex: Int?, entity: String) throws
        -> ReadRows
    {
        let statement = try db.makeStatement(select)
        var read = ReadRows()
        let cursor = try Row.fetchCursor(statement, arguments: select.statementArguments)
        while let row = try cursor.next() {
            if let keyIndex, let primaryKey = (row[keyIndex] as DatabaseValue?).flatMap(Int64.fromDatabaseValue) {
                read.lastKey = (sortIndex.map { Self.exactValue(statement, at: $0) } ?? .null, primaryKey)
                if read.firstKey == nil { read.firstKey = read.lastKey }
            }
            // Converted without trapping: the store may hold anything in Z_ENT.
            let number = (row["Z_ENT"] as DatabaseValue?).flatMap(Int.fromDatabaseValue)
            read.rowEntities.append(number.flatMap { entityNames[$0] } ?? entity)
            read.values.append((0..<row.count).map { Self.value(SQLiteValueReader.shown(statement, at: $0)) })
        }
        return read
    }

    /// Column `index` of the row `statement` is on as stored, TEXT as its bytes.
    private static func exactValue(_ statement: Statement, at index: Int) -> RowKey.Value {
        let handle = statement.sqliteStatement
        let column = CInt(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(Data(SQLiteValueReader.columnBytes(handle, column)))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column))))
        default: return .null
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
