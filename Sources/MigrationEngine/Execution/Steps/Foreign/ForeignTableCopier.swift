import GRDB

/// Carries what a source store holds outside its model — persistent-history tables, an app's own tables and
/// their indexes, FTS and R-tree tables, `AUTOINCREMENT` counters and `Z_PRIMARYKEY` rows — into a step's
/// destination. Inferred and mapped steps share it; the source must be attached as `src`.
///
/// The store's own `CREATE` text is never run: a store may carry statements appended to it or a schema that
/// writes elsewhere. Tables and indexes are rebuilt from SQLite's pragmas (``ForeignTableDefinition``,
/// ``ForeignIndexDefinition``), virtual tables from their checked module arguments
/// (``VirtualTableDefinition``); triggers and views exist only as text, so a store with one on a table outside
/// the model is refused by name. Entity numbers and keys held in persistent history and CloudKit metadata
/// are rewritten to the destination's (``EntityNumberColumns``).
struct ForeignTableCopier {
    let facts: SourceStoreFacts
    let sourceSchema: StoreSchema
    let destinationNumbers: Set<Int>
    /// Where each source entity's objects went, for those carried one for one under known keys.
    let destinations: [Int: EntityNumberColumns.Destination]

    func copy(_ db: Database) throws {
        let known = sourceSchema.tableNames
        let foreign = facts.master.filter {
            $0.type == "table" && !known.contains($0.name) && !$0.name.lowercased().hasPrefix("sqlite_")
        }
        let names = Set(foreign.map(\.name))
        if let code = facts.master.first(where: { ($0.type == "trigger" && names.contains($0.table)) || $0.type == "view" }) {
            throw ForeignTableError(
                path: facts.path, object: "\(code.type) \(code.name)",
                "exists only as SQL text from the store; cdmigrate does not run it — remove it or migrate with Core Data")
        }
        let kinds = Dictionary(
            try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_list() WHERE schema = 'src'").map {
                ($0["name"] as String, $0["type"] as String)
            },
            uniquingKeysWith: { first, _ in first })
        let virtual = try foreign.filter { kinds[$0.name] == "virtual" }.map { entry throws(ForeignTableError) in
            try VirtualTableDefinition(name: entry.name, storedSQL: entry.sql, path: facts.path)
        }
        let shadows = Set(
            virtual.flatMap { table in VirtualTableDefinition.shadowSuffixes(of: table.module).map { table.name + $0 } })
        for table in virtual {
            try db.execute(sql: table.createStatement)
            try copyRows(of: table.name, db, withRowID: !table.module.hasPrefix("rtree"))
        }
        var autoincrement: [String] = []
        for entry in foreign where kinds[entry.name] != "virtual" && !shadows.contains(entry.name) {
            let table = try ForeignTableDefinition(db, schema: "src", name: entry.name, path: facts.path)
            try db.execute(sql: table.createStatement)
            try copyRows(of: table.name, db, withRowID: false)
            for index in try ForeignIndexDefinition.all(db, schema: "src", table: table.name, path: facts.path)
            where index.origin == "c" {
                try db.execute(sql: index.createStatement)
            }
            if table.columns.contains(where: \.autoincrement) { autoincrement.append(table.name) }
        }
        try carrySequences(of: autoincrement, db)
        let sourceEntities = Dictionary(sourceSchema.entities.map { ($0.number, $0.name) }, uniquingKeysWith: { a, _ in a })
        try EntityNumberColumns(path: facts.path, sourceEntities: sourceEntities, destinations: destinations).remap(db)
        // By number: a model entity's row may keep a name Core Data renamed.
        let modelNumbers = Set(sourceSchema.entities.map(\.number))
        for row in facts.primaryKeys where !modelNumbers.contains(row.number) && !destinationNumbers.contains(row.number) {
            try db.execute(
                sql: "INSERT INTO \"main\".\"Z_PRIMARYKEY\" (\"Z_ENT\", \"Z_NAME\", \"Z_SUPER\", \"Z_MAX\") VALUES (?, ?, ?, ?)",
                arguments: [row.number, row.name, row.superNumber, row.maxPrimaryKey])
        }
    }

    /// Copies the visible columns by name (and the rowid of an FTS table, its document id).
    private func copyRows(of table: String, _ db: Database, withRowID: Bool) throws {
        let columns = try String.fetchAll(
            db, sql: "SELECT name FROM pragma_table_xinfo(?, 'src') WHERE hidden = 0 ORDER BY cid", arguments: [table])
        let list = SQLFragment.joined((withRowID ? ["rowid"] : []) + columns.map { "\(SQLIdentifier($0))" })
        let name = SQLIdentifier(table)
        try db.execute(
            "INSERT INTO \(SQLIdentifier.main).\(name) (\(list)) SELECT \(list) FROM \(SQLIdentifier.source).\(name)")
    }

    /// Keeps each `AUTOINCREMENT` counter at least where the source had it, so ids of deleted rows stay unused.
    private func carrySequences(of tables: [String], _ db: Database) throws {
        guard !tables.isEmpty, facts.master.contains(where: { $0.name == "sqlite_sequence" }) else { return }
        for table in tables {
            guard
                let seq = try Int64.fetchOne(
                    db, sql: "SELECT seq FROM \"src\".\"sqlite_sequence\" WHERE name = ?", arguments: [table])
            else { continue }
            try db.execute(
                sql: "UPDATE \"main\".\"sqlite_sequence\" SET seq = MAX(seq, ?) WHERE name = ?", arguments: [seq, table])
            if db.changesCount == 0 {
                try db.execute(
                    sql: "INSERT INTO \"main\".\"sqlite_sequence\" (name, seq) VALUES (?, ?)", arguments: [table, seq])
            }
        }
    }
}
