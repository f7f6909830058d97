import GRDB

/// Carries the tables a damaged store holds outside its model — persistent history (`ATRANSACTION`,
/// `ACHANGE`, `ATRANSACTIONSTRING`), CloudKit metadata, an app's own tables, FTS and R-tree tables — into the
/// new store, as a migration step does (``ForeignTableCopier``): each is rebuilt from SQLite's pragmas or its
/// checked module arguments, never from the store's `CREATE` text, with its indexes, `AUTOINCREMENT` counter
/// and `Z_PRIMARYKEY` row, and the entity numbers history holds follow the objects' (``EntityNumberColumns``).
///
/// Unlike a step, salvage reads the rows through ``SalvageTableCopy`` (so damage loses only the rows on
/// damaged pages, reported like an entity table's), and never fails as a whole for one of these tables: one
/// that cannot be rebuilt or written (a trigger or view that exists only as SQL text, a generated column, a
/// damaged row breaking its constraints) is left out, and a note says which and why.
struct SalvageForeignTables {
    let store: String
    /// The tables the new store's schema accounts for.
    let known: Set<String>
    /// The store's `Z_PRIMARYKEY`, when it reads.
    let primaryKeys: [PrimaryKeyEntry]?
    /// The store's model entities by number, and where each one's objects went (keys are kept).
    let sourceEntities: [Int: String]
    let destinations: [Int: EntityNumberColumns.Destination]
    /// No row of the file has a larger id (see ``RowWalker/ceiling``), when known.
    var ceiling: Int64?

    /// Copies every table outside the model from `db` into `target`; returns each table's figures and the
    /// notes on what was left out.
    func carry(from db: Database, into target: Database) throws -> (tables: [TableSalvage], notes: [String]) {
        let master = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL")
            .map { SourceStoreFacts.MasterEntry(type: $0[0], name: $0[1], table: $0[2], sql: $0[3]) }
        let foreign = master.filter {
            $0.type == "table" && !known.contains($0.name) && !$0.name.lowercased().hasPrefix("sqlite_")
        }
        guard !foreign.isEmpty else { return ([], []) }
        let names = Set(foreign.map(\.name))
        var notes: [String] = []
        for code in master where (code.type == "trigger" && names.contains(code.table)) || code.type == "view" {
            notes.append("\(code.type) \(code.name) exists only as SQL text from the store and is not carried")
        }
        let kinds = Dictionary(
            try Row.fetchAll(db, sql: "SELECT name, type, wr FROM pragma_table_list() WHERE schema = 'main'").map {
                ($0["name"] as String, ($0["type"] as String) + (($0["wr"] as Int) == 1 ? " without rowid" : ""))
            },
            uniquingKeysWith: { first, _ in first })
        var virtual: [VirtualTableDefinition] = []
        for entry in foreign where kinds[entry.name] == "virtual" {
            do {
                virtual.append(try VirtualTableDefinition(name: entry.name, storedSQL: entry.sql, path: store))
            } catch {
                notes.append("not carried: \(error.object): \(error.message)")
            }
        }
        let shadows = Set(
            virtual.flatMap { table in VirtualTableDefinition.shadowSuffixes(of: table.module).map { table.name + $0 } })
        var tables: [TableSalvage] = []
        var carried: [String] = []
        func attempt(_ name: String, _ body: () throws -> TableSalvage) {
            do {
                // A table that cannot be written whole is left out whole: half a history is worse than none.
                var figures: TableSalvage?
                try target.inSavepoint {
                    figures = try body()
                    return .commit
                }
                if let figures { tables.append(figures) }
                carried.append(name)
            } catch let error as ForeignTableError {
                notes.append("not carried: \(error.object): \(error.message)")
            } catch {
                notes.append("table \(name) is not carried: \(SalvageSource.reason(error))")
            }
        }
        for table in virtual {
            attempt(table.name) {
                try target.execute(sql: table.createStatement)
                // An FTS table's row id is its document id; an R-tree's is its first column.
                let rowID = table.module.hasPrefix("rtree") ? [] : ["rowid"]
                return try copyRows(of: table.name, extra: rowID, from: db, into: target)
            }
        }
        var sequences: [String] = []
        for entry in foreign where kinds[entry.name] != "virtual" && !shadows.contains(entry.name) {
            guard kinds[entry.name] == "table" else {
                notes.append("table \(entry.name) is not carried: a WITHOUT ROWID table cannot be read past damage")
                continue
            }
            attempt(entry.name) {
                let table = try ForeignTableDefinition(db, schema: "main", name: entry.name, path: store)
                try target.execute(sql: table.createStatement)
                let figures = try copyRows(of: table.name, extra: [], from: db, into: target)
                for index in try ForeignIndexDefinition.all(db, schema: "main", table: table.name, path: store)
                where index.origin == "c" {
                    try target.execute(sql: index.createStatement)
                }
                if table.columns.contains(where: \.autoincrement) { sequences.append(table.name) }
                return figures
            }
        }
        notes += try carrySequences(of: sequences, master: master, from: db, into: target)
        do {
            try EntityNumberColumns(path: store, sourceEntities: sourceEntities, destinations: destinations).remap(target)
        } catch let error as ForeignTableError {
            notes.append("\(error.object): \(error.message)")
        }
        try carryKeyCounters(target)
        if !carried.isEmpty { notes.append("tables outside the model carried over: \(carried.sorted().joined(separator: ", "))") }
        return (tables, notes)
    }

    /// Copies the table's visible columns (and `extra`, such as an FTS table's row id) row by row.
    private func copyRows(of table: String, extra: [String], from db: Database, into target: Database) throws -> TableSalvage {
        let columns = try String.fetchAll(
            db, sql: "SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0 ORDER BY cid", arguments: [table])
        var copy = SalvageTableCopy(
            table: table, columns: extra + columns, sourceColumns: extra + columns, entityNumbers: nil, entityColumns: [],
            limit: nil, loosePages: nil)
        copy.ceiling = ceiling
        let result = try copy.run(from: db, into: target) { _ in }
        let lostAtMost = result.unreadable.contains { $0.upper == nil } ? nil : KeyGaps.count(result.unreadable)
        return TableSalvage(
            table: table, read: result.recovered.values.reduce(0, +), unreadable: result.unreadable, lostAtMost: lostAtMost,
            rejected: 0)
    }

    /// Keeps each `AUTOINCREMENT` counter where the store had it, so ids of deleted rows stay unused.
    private func carrySequences(
        of tables: [String], master: [SourceStoreFacts.MasterEntry], from db: Database, into target: Database
    ) throws -> [String] {
        guard !tables.isEmpty, master.contains(where: { $0.name == "sqlite_sequence" }) else { return [] }
        let counters: [String: Int64]
        do {
            counters = Dictionary(
                try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence").map { ($0[0] as String, $0[1] as Int64) },
                uniquingKeysWith: max)
        } catch {
            let reason = SalvageSource.reason(error)
            return ["sqlite_sequence is unreadable: \(reason); AUTOINCREMENT counters start from the rows kept"]
        }
        for table in tables {
            guard let seq = counters[table] else { continue }
            try target.execute(sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", arguments: [seq, table])
            if target.changesCount == 0 {
                try target.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, seq])
            }
        }
        return []
    }

    /// Adds the store's `Z_PRIMARYKEY` rows of entities outside the model (history's, 16001…), whose counters
    /// Core Data goes on handing keys out from.
    private func carryKeyCounters(_ target: Database) throws {
        let present = Set(try Int.fetchAll(target, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY"))
        for row in primaryKeys ?? [] where !present.contains(row.number) && sourceEntities[row.number] == nil {
            try target.execute(
                sql: "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)",
                arguments: [row.number, row.name, row.superNumber, row.maxPrimaryKey])
        }
    }
}
