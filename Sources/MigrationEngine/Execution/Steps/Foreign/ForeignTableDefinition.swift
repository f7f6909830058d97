import CSQLiteGuard
import GRDB

/// The structure of an ordinary table outside the model, read from the attached source's pragmas (columns,
/// primary key, `UNIQUE` constraints, foreign keys, `WITHOUT ROWID`, `STRICT`) and rebuilt as DDL with quoted
/// names — the store's own `CREATE` text is never run. `CHECK` constraints are not visible to the pragmas and
/// are not carried.
struct ForeignTableDefinition: Sendable {
    let name: String
    let columns: [ForeignColumn]
    let constraints: [String]
    let options: [String]

    static let actions: Set<String> = ["NO ACTION", "RESTRICT", "SET NULL", "SET DEFAULT", "CASCADE"]

    /// Reads table `name` of schema `schema`; throws when a part of it cannot be rebuilt safely.
    init(_ db: Database, schema: String, name: String, path: String) throws {
        self.name = name
        let rows = try Row.fetchAll(
            db, sql: "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid",
            arguments: [name, schema])
        var columns: [ForeignColumn] = []
        for row in rows {
            let column: String = row["name"]
            guard (row["hidden"] as Int) == 0 else {
                throw ForeignTableError(
                    path: path, object: "column \(name).\(column)",
                    "generated columns are SQL text from the store; cdmigrate does not carry them")
            }
            let (collation, autoincrement) = try Self.metadata(db, schema: schema, table: name, column: column)
            let parsed = ForeignColumn(
                name: column, type: row["type"] ?? "", notNull: row["notnull"], defaultValue: row["dflt_value"],
                collation: collation, primaryKeyIndex: row["pk"], autoincrement: autoincrement)
            try parsed.validate(table: name, path: path)
            columns.append(parsed)
        }
        guard !columns.isEmpty else {
            throw ForeignTableError(path: path, object: "table \(name)", "has no columns SQLite can read")
        }
        self.columns = columns
        var constraints: [String] = []
        let key = columns.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }
        let list = try Row.fetchOne(
            db, sql: "SELECT wr, strict FROM pragma_table_list WHERE name = ? AND schema = ?", arguments: [name, schema])
        let withoutRowID = (list?["wr"] as Int?) == 1
        if !(key.count == 1 && key[0].type.uppercased() == "INTEGER" && !withoutRowID), !key.isEmpty {
            constraints.append("PRIMARY KEY (\(key.map { SQLIdentifier($0.name).ddl }.joined(separator: ", ")))")
        }
        for index in try ForeignIndexDefinition.all(db, schema: schema, table: name, path: path) where index.origin == "u" {
            constraints.append("UNIQUE (\(index.keyList))")
        }
        constraints += try Self.foreignKeys(db, schema: schema, table: name, path: path)
        self.constraints = constraints
        options = (withoutRowID ? ["WITHOUT ROWID"] : []) + ((list?["strict"] as Int?) == 1 ? ["STRICT"] : [])
    }

    /// `CREATE TABLE "main".<name> (…)`.
    var createStatement: String {
        let key = columns.filter { $0.primaryKeyIndex > 0 }
        let inline = key.count == 1 && key[0].type.uppercased() == "INTEGER" && !options.contains("WITHOUT ROWID")
        let body = columns.map { $0.definition(inlineKey: inline && $0.primaryKeyIndex > 0) } + constraints
        let suffix = options.isEmpty ? "" : " " + options.joined(separator: ", ")
        return "CREATE TABLE \"main\".\(SQLIdentifier(name).ddl) ( \(body.joined(separator: ", ")) )\(suffix)"
    }

    /// The column's collation and whether it is an `AUTOINCREMENT` key, from SQLite's parsed schema.
    private static func metadata(_ db: Database, schema: String, table: String, column: String) throws -> (String, Bool) {
        var type: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        var notNull: Int32 = 0
        var primaryKey: Int32 = 0
        var autoincrement: Int32 = 0
        let code = sqlite3_table_column_metadata(
            db.sqliteConnection, schema, table, column, &type, &collation, &notNull, &primaryKey, &autoincrement)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "no metadata for \(table).\(column)")
        }
        return (collation.map { String(cString: $0) } ?? "BINARY", autoincrement != 0)
    }

    private static func foreignKeys(_ db: Database, schema: String, table: String, path: String) throws -> [String] {
        let rows = try Row.fetchAll(
            db,
            sql:
                "SELECT id, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq",
            arguments: [table, schema])
        var result: [String] = []
        for group in Dictionary(grouping: rows, by: { $0["id"] as Int }).sorted(by: { $0.key < $1.key }).map(\.value) {
            let target: String = group[0]["table"]
            let update = (group[0]["on_update"] as String).uppercased()
            let delete = (group[0]["on_delete"] as String).uppercased()
            guard actions.contains(update), actions.contains(delete) else {
                throw ForeignTableError(path: path, object: "table \(table)", "foreign key to \(target) has an unknown action")
            }
            let from = group.map { SQLIdentifier($0["from"]).ddl }.joined(separator: ", ")
            let to = group.compactMap { ($0["to"] as String?).map { SQLIdentifier($0).ddl } }
            let toList = to.count == group.count ? " (\(to.joined(separator: ", ")))" : ""
            result.append(
                "FOREIGN KEY (\(from)) REFERENCES \(SQLIdentifier(target).ddl)\(toList) ON UPDATE \(update) ON DELETE \(delete)")
        }
        return result
    }
}
