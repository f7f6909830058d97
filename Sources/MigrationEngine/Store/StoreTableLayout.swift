import GRDB

/// Sorts a store's tables into entity, join, history and other tables, and counts their rows.
struct StoreTableLayout {
    static let bookkeeping: Set<String> = ["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"]
    static let history: Set<String> = ["ATRANSACTION", "ACHANGE", "ATRANSACTIONSTRING"]

    let tables: [String]
    let primaryKeys: [PrimaryKeyEntry]
    /// The table of each `Z_PRIMARYKEY` entity number.
    private let tableByNumber: [Int: String]

    /// Each entity's table is its root's, named after the root as `Z_PRIMARYKEY` records it. Core Data keeps
    /// a renamed entity's old name there while the table is named after the new one, so when a table named
    /// that way is missing the store's own cached model (`cachedModel`, asked only then) lays the tables out.
    init(tables: [String], primaryKeys: [PrimaryKeyEntry], cachedModel: () throws -> ObjectModel?) throws {
        self.tables = tables
        self.primaryKeys = primaryKeys
        var recorded: [Int: String] = [:]
        for entry in primaryKeys { recorded[entry.number] = Self.recordedTable(of: entry, in: primaryKeys) }
        let existing = Set(tables)
        guard primaryKeys.contains(where: { !$0.isHistory && !existing.contains(recorded[$0.number] ?? "") }),
            let model = try cachedModel()
        else {
            tableByNumber = recorded
            return
        }
        let layout = EntityNumbering(model: model).entities
        for entry in PrimaryKeyEntry.resolvingRenames(primaryKeys, model: model) {
            if let table = layout.first(where: { $0.name == entry.name && $0.number == entry.number })?.table {
                recorded[entry.number] = table
            }
        }
        tableByNumber = recorded
    }

    /// `Z` + the upper-cased name of the entity's root as `Z_PRIMARYKEY` records it.
    private static func recordedTable(of entry: PrimaryKeyEntry, in primaryKeys: [PrimaryKeyEntry]) -> String {
        var root = entry
        var seen: Set<Int> = [entry.number]
        while root.superNumber != 0, let parent = primaryKeys.first(where: { $0.number == root.superNumber }),
            seen.insert(parent.number).inserted
        {
            root = parent
        }
        return CoreDataName.table(forRoot: root.name)
    }

    /// The table holding the entity's rows.
    func entityTable(of entry: PrimaryKeyEntry) -> String {
        tableByNumber[entry.number] ?? Self.recordedTable(of: entry, in: primaryKeys)
    }

    var entityTables: Set<String> {
        Set(primaryKeys.filter { !$0.isHistory }.map(entityTable))
    }

    var joinTables: [String] {
        tables.filter { name in
            !Self.bookkeeping.contains(name) && name.hasPrefix("Z_") && name.dropFirst(2).first?.isNumber == true
        }
    }

    var historyTables: [String] {
        tables.filter { Self.history.contains($0) }
    }

    var otherTables: [String] {
        let known = Self.bookkeeping.union(entityTables).union(joinTables).union(historyTables)
        return tables.filter { !known.contains($0) }
    }

    /// Each entity's rows, counted without reading the rows: a table that holds one entity is counted whole
    /// (SQLite counts a b-tree's cells, on its smallest index); a table that holds several (an inheritance
    /// tree) is counted per `Z_ENT`, over Apple's `Z_ENT` index when the table has one.
    func rowCounts(_ db: Database) throws -> [EntityRowCount] {
        let entities = primaryKeys.filter { !$0.isHistory }
        var holders: [String: Int] = [:]
        for entry in entities { holders[entityTable(of: entry), default: 0] += 1 }
        var countsByTable: [String: [Int: Int]] = [:]
        for (table, count) in holders where tables.contains(table) {
            if count == 1 {
                let whole: SQLFragment = "SELECT COUNT(*) FROM \(SQLIdentifier(table))"
                let number = entities.first { entityTable(of: $0) == table }!.number
                countsByTable[table] = [number: try Int.fetchOne(db, whole.request) ?? 0]
            } else {
                countsByTable[table] = try PrimaryKeyEntry.rowsPerEntity(in: SQLIdentifier(table), db)
            }
        }
        return entities.map { entry in
            let table = entityTable(of: entry)
            return EntityRowCount(
                entity: entry.name, number: entry.number, table: tables.contains(table) ? table : nil,
                rows: countsByTable[table]?[entry.number] ?? 0, superNumber: entry.superNumber)
        }
    }

    func describe(_ names: [String], _ db: Database) throws -> [StoreTable] {
        try names.map { name in
            let columns = try db.columnNames(in: name)
            let count: SQLFragment = "SELECT COUNT(*) FROM \(SQLIdentifier(name))"
            let rows = try Int.fetchOne(db, count.request) ?? 0
            return StoreTable(name: name, columns: columns, rows: rows)
        }
    }
}
