import GRDB

/// Sorts a store's tables into entity, join, history and other tables, and counts their rows.
struct StoreTableLayout {
    static let bookkeeping: Set<String> = ["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"]
    static let history: Set<String> = ["ATRANSACTION", "ACHANGE", "ATRANSACTIONSTRING"]

    let tables: [String]
    let primaryKeys: [PrimaryKeyEntry]

    /// The table of each model entity: `Z` + the upper-cased name of its root entity.
    func entityTable(of entry: PrimaryKeyEntry) -> String {
        var root = entry
        var seen: Set<Int> = [entry.number]
        while root.superNumber != 0, let parent = primaryKeys.first(where: { $0.number == root.superNumber }),
            seen.insert(parent.number).inserted
        {
            root = parent
        }
        return CoreDataName.table(forRoot: root.name)
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

    func rowCounts(_ db: Database) throws -> [EntityRowCount] {
        var countsByTable: [String: [Int: Int]] = [:]
        for table in entityTables where tables.contains(table) {
            countsByTable[table] = try PrimaryKeyEntry.rowsPerEntity(in: SQLIdentifier(table), db)
        }
        return primaryKeys.filter { !$0.isHistory }.map { entry in
            let table = entityTable(of: entry)
            return EntityRowCount(
                entity: entry.name, number: entry.number, table: tables.contains(table) ? table : nil,
                rows: countsByTable[table]?[entry.number] ?? 0)
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
