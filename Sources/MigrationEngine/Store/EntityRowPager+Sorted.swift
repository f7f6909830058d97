import GRDB

extension EntityRowPager {
    /// Reads `limit` rows of the entity `order` sorts, from `start`, through its keys sorted once
    /// (``SortedOrder``): ascending, or `descending`. Setting `cancellation` meanwhile ends the read, the sort
    /// too (a ``StoreError`` `.stopped`).
    func page(
        entity: String, through order: SortedOrder, from start: PageStart, limit: Int, descending: Bool,
        cancellation: CancellationFlag?
    ) throws(StoreError) -> EntityRowPage {
        let path = snapshot.originalPath
        do {
            // Not `read`, whose connection refuses every write, to a temporary table too.
            return try queue.inDatabase { db in
                try db.stopping(on: cancellation) {
                    let columns = try db.declaredColumns(in: order.table).map(\.name)
                    guard let sortIndex = columns.firstIndex(of: order.column) else {
                        throw StoreError(.notCoreData, path: path, message: "table \(order.table) has no column \(order.column)")
                    }
                    let total = try sortedRows(order, db)
                    let (first, end) = start.positions(limit: limit, total: total)
                    // Position p in the query's order is row p + 1 of the ascending keys, or row total − p.
                    let (low, high) = descending ? (total - end + 1, total - first) : (first + 1, end)
                    let (keys, table, pk) = (SortedOrder.keys, SQLIdentifier(order.table), SQLIdentifier.primaryKey)
                    let direction: SQLFragment = descending ? " DESC" : ""
                    let select: SQLFragment = """
                        SELECT \(table).* FROM temp.\(keys) JOIN \(table) ON \(table).\(pk) = temp.\(keys).pk \
                        WHERE temp.\(keys).rowid BETWEEN \(value: low) AND \(value: high) ORDER BY temp.\(keys).rowid\(direction)
                        """
                    let read = try readRows(
                        db, select, sortIndex: sortIndex, keyIndex: columns.firstIndex(of: "Z_PK"), entity: entity)
                    return read.page(entity: entity, columns: columns, offset: first, totalRows: total)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }

    /// How many rows `order` holds, its keys sorted into the temporary table first unless the last sorted page
    /// was read through the same order.
    private func sortedRows(_ order: SortedOrder, _ db: Database) throws -> Int {
        if let kept = sortedOrder.withLock({ $0 }), kept.order == order { return kept.rows }
        // Forgotten first: a sort stopped midway leaves no order that looks complete.
        sortedOrder.withLock { $0 = nil }
        let (keys, pk) = (SortedOrder.keys, SQLIdentifier.primaryKey)
        try db.execute("DROP TABLE IF EXISTS temp.\(keys)" as SQLFragment)
        try db.execute("CREATE TEMP TABLE \(keys) (pk INTEGER)" as SQLFragment)
        // Rows are numbered as they are inserted, so row i holds the i-th key of SQLite's own order.
        try db.execute(
            """
            INSERT INTO temp.\(keys) (pk) SELECT \(pk) FROM \(SQLIdentifier(order.table)) \
            WHERE \(SQLIdentifier.entityNumber) IN (\(values: order.numbers)) ORDER BY \(SQLIdentifier(order.column)), \(pk)
            """ as SQLFragment)
        let rows = try Int.fetchOne(db, ("SELECT COUNT(*) FROM temp.\(keys)" as SQLFragment).request) ?? 0
        sortedOrder.withLock { $0 = (order, rows) }
        return rows
    }
}
