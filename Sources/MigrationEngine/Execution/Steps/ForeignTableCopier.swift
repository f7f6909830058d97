import GRDB

/// Carries what a source store holds outside its model — persistent-history tables, an app's own tables,
/// their indexes and `Z_PRIMARYKEY` rows — into a step's destination untouched. Inferred and mapped steps
/// share it; the source must be attached as `src`.
struct ForeignTableCopier {
    let facts: SourceStoreFacts
    let sourceSchema: StoreSchema
    let destinationNumbers: Set<Int>

    /// Tables the source model does not account for keep their DDL and rows; so do `Z_PRIMARYKEY` rows of
    /// entities outside the model.
    func copy(_ db: Database) throws {
        let known = sourceSchema.tableNames
        let foreign = facts.master.filter { $0.type == "table" && !known.contains($0.name) && !$0.name.hasPrefix("sqlite_") }
        let names = Set(foreign.map(\.name))
        for table in foreign {
            try db.execute(sql: table.sql)
            let quoted = SQLIdentifier.quoted(table.name)
            try db.execute(sql: "INSERT INTO \"main\".\(quoted) SELECT * FROM \"src\".\(quoted)")
        }
        for entry in facts.master where entry.type != "table" && names.contains(entry.table) {
            try db.execute(sql: entry.sql)
        }
        // By number: a model entity's row may keep a name Core Data renamed.
        let modelNumbers = Set(sourceSchema.entities.map(\.number))
        for row in facts.primaryKeys where !modelNumbers.contains(row.number) && !destinationNumbers.contains(row.number) {
            try db.execute(
                sql: "INSERT INTO \"main\".\"Z_PRIMARYKEY\" (\"Z_ENT\", \"Z_NAME\", \"Z_SUPER\", \"Z_MAX\") VALUES (?, ?, ?, ?)",
                arguments: [row.number, row.name, row.superNumber, row.maxPrimaryKey])
        }
    }
}
