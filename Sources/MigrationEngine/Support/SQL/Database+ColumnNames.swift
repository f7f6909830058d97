import GRDB

extension Database {
    /// The columns of `table` in `schema`, in order, as `SELECT *` gives them (virtual tables' hidden
    /// columns left out), with their declared types; empty when there is no such table.
    ///
    /// The table name is bound, never spliced: GRDB's `columns(in:)` puts it into a `PRAGMA` with its own
    /// quoting, which breaks on a name holding `"` — and table names come from stores and models.
    func declaredColumns(in table: String, schema: SQLIdentifier = .main) throws -> [DeclaredColumn] {
        try Row.fetchAll(
            self, sql: "SELECT name, type FROM pragma_table_xinfo(?, ?) WHERE hidden <> 1 ORDER BY cid",
            arguments: [table, schema.name]
        )
        .map { DeclaredColumn(name: $0["name"], type: $0["type"] ?? "") }
    }

    /// The names of ``declaredColumns(in:schema:)``.
    func columnNames(in table: String, schema: SQLIdentifier = .main) throws -> [String] {
        try declaredColumns(in: table, schema: schema).map(\.name)
    }
}
