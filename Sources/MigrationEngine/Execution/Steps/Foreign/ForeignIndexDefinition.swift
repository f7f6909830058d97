import GRDB

/// An index of a table outside the model, read from `PRAGMA index_list` and `index_xinfo` and rebuilt with
/// quoted names. Indexes on expressions and partial indexes exist only as SQL text from the store, so they
/// are refused by name rather than run.
struct ForeignIndexDefinition: Sendable {
    let name: String
    let table: String
    let unique: Bool
    /// `c` (created by `CREATE INDEX`), `u` (a `UNIQUE` constraint) or `pk` (the primary key).
    let origin: String
    /// `"column" COLLATE x ASC, …`.
    let keyList: String

    /// Every index of `table`; `origin` tells which come from constraints.
    static func all(_ db: Database, schema: String, table: String, path: String) throws -> [ForeignIndexDefinition] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?, ?) ORDER BY seq DESC",
            arguments: [table, schema])
        var result: [ForeignIndexDefinition] = []
        for row in rows {
            let name: String = row["name"]
            let origin: String = row["origin"]
            guard (row["partial"] as Int) == 0 else {
                throw ForeignTableError(
                    path: path, object: "index \(name)",
                    "partial indexes are SQL text from the store; cdmigrate does not carry them")
            }
            let keys = try Row.fetchAll(
                db, sql: "SELECT cid, name, \"desc\", coll FROM pragma_index_xinfo(?, ?) WHERE key = 1 ORDER BY seqno",
                arguments: [name, schema])
            var parts: [String] = []
            for key in keys {
                guard (key["cid"] as Int) >= 0, let column = key["name"] as String? else {
                    throw ForeignTableError(
                        path: path, object: "index \(name)",
                        "indexes on expressions are SQL text from the store; cdmigrate does not carry them")
                }
                let collation = (key["coll"] as String? ?? "BINARY").uppercased()
                guard ForeignColumn.collations.contains(collation) else {
                    throw ForeignTableError(
                        path: path, object: "index \(name)", "collation \(collation.debugDescription) is not built into SQLite")
                }
                parts.append("\(SQLIdentifier(column).ddl) COLLATE \(collation) \((key["desc"] as Int) == 1 ? "DESC" : "ASC")")
            }
            result.append(
                ForeignIndexDefinition(
                    name: name, table: table, unique: row["unique"], origin: origin, keyList: parts.joined(separator: ", ")))
        }
        return result
    }

    /// `CREATE [UNIQUE] INDEX "main".<name> ON <table> (…)`.
    var createStatement: String {
        "CREATE \(unique ? "UNIQUE " : "")INDEX \"main\".\(SQLIdentifier(name).ddl) ON \(SQLIdentifier(table).ddl) (\(keyList))"
    }
}
