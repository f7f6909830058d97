import GRDB

extension Database {
    /// The column names of `table` in `schema`, in order, as `SELECT *` gives them (virtual tables' hidden
    /// columns left out); empty when there is no such table.
    ///
    /// The table name is bound, never spliced: GRDB's `columns(in:)` puts it into a `PRAGMA` with its own
    /// quoting, which breaks on a name holding `"` — and table names come from stores and models.
    func columnNames(in table: String, schema: SQLIdentifier = .main) throws -> [String] {
        try String.fetchAll(
            self, sql: "SELECT name FROM pragma_table_xinfo(?, ?) WHERE hidden <> 1 ORDER BY cid",
            arguments: [table, schema.name])
    }
}
