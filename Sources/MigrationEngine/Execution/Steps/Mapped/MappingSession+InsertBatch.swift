import CSQLiteGuard
import GRDB

extension MappingSession {
    /// Destination rows of one table that stage 1 made but has not written yet, written by one multi-row
    /// `INSERT` per ``rowsPerStatement`` rows (and singly for the rest) when something needs them
    /// (``flushPendingInsert()``): a statement per row cost more than the row itself.
    ///
    /// The last row stays open to ``update(_:values:)`` of the object it holds, so that a policy setting an
    /// attribute of the object it just made changes the row to be inserted instead of rewriting it. A class,
    /// filled in place: rebuilding value arrays per object showed.
    final class InsertBatch {
        /// The table the rows go to.
        let table: MappedEntityTable
        /// The folded link whose key ends each row (``FoldedLink/insert``), if the rows carry one.
        let fold: FoldedLink?
        /// The columns of each row: `Z_PK, Z_ENT, Z_OPT`, the stored attributes and the folded key, if any.
        let columns: InsertColumns
        /// Values per row.
        var width: Int { columns.width }
        /// Every row's values, one row after another.
        var values: [DatabaseValue] = []
        /// For each row, the mapping and source object it was made for (`nil` when made outside a mapping),
        /// so a row that fails to be written names its own object.
        var origins: [(mapping: MappingNumber, source: ObjectReference)?] = []
        /// The object in the last row while it is open to updates.
        var open: ObjectReference?

        init(table: MappedEntityTable, fold: FoldedLink?) {
            self.table = table
            self.fold = fold
            self.columns = fold?.insertColumns ?? table.insertColumns
            values.reserveCapacity(width * Self.capacity)
            origins.reserveCapacity(Self.capacity)
        }

        /// Rows kept before they are written regardless.
        static let capacity = 256

        /// Rows per multi-row statement: SQLite allows 999 bound values in a statement at the least.
        var rowsPerStatement: Int { max(1, min(64, 999 / width)) }

        var count: Int { origins.count }
    }

    /// Starts a row of `table` (writing the rows kept so far when they are for another statement or enough
    /// to write): `Z_PK`, `Z_ENT`, `Z_OPT`, the stored values and, with `fold`, its key for the row.
    func appendInsertRow(
        _ table: MappedEntityTable, key: Int64, stored: ArraySlice<DatabaseValue>,
        fold: (link: FoldedLink, key: DatabaseValue)?, object: ObjectReference,
        origin: (mapping: MappingNumber, source: ObjectReference)?
    ) throws {
        if let batch = insertBatch,
            !strategies.contains(.batchedInserts) || batch.table !== table || batch.fold !== fold?.link
                || batch.count >= InsertBatch.capacity
        {
            try flushPendingInsert()
        }
        let batch = insertBatch ?? InsertBatch(table: table, fold: fold?.link)
        insertBatch = batch
        batch.values.append(key.databaseValue)
        batch.values.append(table.number.databaseValue)
        batch.values.append(1.databaseValue)
        batch.values.append(contentsOf: stored)
        if let fold { batch.values.append(fold.key) }
        batch.origins.append(origin)
        batch.open = object
    }

    /// Writes the rows kept back, if any (see ``InsertBatch``).
    func flushPendingInsert() throws {
        guard let batch = insertBatch else { return }
        insertBatch = nil
        let width = batch.width
        let chunk = batch.rowsPerStatement
        var row = 0
        if chunk > 1, batch.count >= chunk {
            let statement = try insertStatement(batch, rows: chunk)
            while batch.count - row >= chunk {
                let values = batch.values[(row * width)..<((row + chunk) * width)]
                do {
                    try statement.run(binding: values)
                } catch {
                    // A multi-row insert is all or nothing: row by row, the failing row names its object.
                    try writeSingly(batch, rows: row..<(row + chunk))
                    throw error
                }
                row += chunk
            }
        }
        try writeSingly(batch, rows: row..<batch.count)
    }

    private func writeSingly(_ batch: InsertBatch, rows: Range<Int>) throws {
        guard !rows.isEmpty else { return }
        let statement = try insertStatement(batch, rows: 1)
        for row in rows {
            do {
                try statement.run(binding: batch.values[(row * batch.width)..<((row + 1) * batch.width)])
            } catch {
                guard let origin = batch.origins[row], let mapping = mappings.first(where: { $0.index == origin.mapping })
                else { throw error }
                throw failure(error, mapping: mapping, object: origin.source, expression: nil)
            }
        }
    }

    /// The prepared insert of `rows` rows for `batch`'s table (its folded form when the rows carry the key).
    private func insertStatement(_ batch: InsertBatch, rows: Int) throws -> Statement {
        let single = batch.fold?.insert ?? batch.table.insert
        // By the statement's text: a folded link cleared and another made could share an object identity.
        let key = InsertStatementKey(sql: single.sql, rows: rows)
        if let statement = insertStatements[key] { return statement }
        let more: SQLFragment = "(\(placeholders: batch.width))"
        let sql = rows == 1 ? single : "\(single), \(SQLFragment.joined(Array(repeating: more, count: rows - 1)))"
        let statement = try db.makeStatement(sql)
        insertStatements[key] = statement
        return statement
    }

    /// Which prepared insert: one row's `INSERT` text, repeated for some number of rows.
    struct InsertStatementKey: Hashable {
        var sql: String
        var rows: Int
    }
}
