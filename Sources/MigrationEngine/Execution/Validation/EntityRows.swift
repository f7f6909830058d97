import GRDB

/// Counts the rows of every entity in a store's entity tables, checking on the way that each row's
/// `Z_ENT` names an entity of that table and that no `Z_PK` exceeds the root's `Z_MAX`.
struct EntityRows {
    let model: ObjectModel
    let entries: [PrimaryKeyEntry]
    /// The model's layout, which names each root entity's table.
    let schema: StoreSchema

    init(model: ObjectModel, entries: [PrimaryKeyEntry]) {
        self.model = model
        self.entries = entries
        schema = SchemaBuilder(model: model).build()
    }

    /// The store's `Z_PRIMARYKEY` rows for model entities (persistent-history entries left out).
    static func modelEntries(_ db: Database) throws -> [PrimaryKeyEntry] {
        try PrimaryKeyEntry.fetchAll(db).filter { !$0.isHistory }
    }

    /// The store's entries as `model` sees them: scoped to the configuration the store holds, and each
    /// entry under the entity the model numbers the same (see `PrimaryKeyEntry.resolvingRenames`).
    static func reading(_ db: Database, model: ObjectModel) throws -> EntityRows {
        let view = model.storeView(of: try modelEntries(db))
        return EntityRows(model: view.model, entries: view.entries)
    }

    /// What ``counts(_:path:)`` finds.
    struct Counts: Sendable, Hashable {
        /// Rows per entity name (sub-entity rows counted under the sub-entity only).
        var byEntity: [String: Int] = [:]
        /// Rows per entity number in each of the model's entity tables (every table present, empty or not, but
        /// those ``Reading/eachRowOnly(_:)`` leaves out).
        var byTable: [String: [Int: Int]] = [:]
        /// The entities whose tables were counted whole, their rows not read (see ``Reading``).
        var countedWhole: Set<String> = []
    }

    /// Which tables ``counts(_:path:reading:scanned:)`` reads row by row.
    enum Reading: Sendable {
        /// Every table: each row's `Z_ENT` is read and must name an entity of its table.
        case eachRow
        /// A table that holds one model entity is counted whole, without reading its rows (SQLite counts the
        /// b-tree's cells): every row there is counted as that entity's, whatever its `Z_ENT`.
        case whole
        /// Only the tables that hold one of these entities alone, each row read; the other tables are left
        /// out of the counts.
        case eachRowOnly(Set<String>)

        func countsWhole(_ entity: String) -> Bool {
            if case .whole = self { true } else { false }
        }

        /// Whether a table holding `members` is left out.
        func skips(_ members: [PrimaryKeyEntry]) -> Bool {
            guard case .eachRowOnly(let entities) = self else { return false }
            return members.count != 1 || !entities.contains(members[0].name)
        }
    }

    /// Rows per entity name (sub-entity rows counted under the sub-entity only).
    func count(_ db: Database, path: String) throws -> [String: Int] {
        try counts(db, path: path).byEntity
    }

    /// Rows per entity, by name and by table and number, in one pass over each entity table.
    /// - Parameters:
    ///   - db: A connection to the store.
    ///   - path: The store's path, for errors.
    ///   - reading: Which tables of one model entity are counted whole, without reading their rows: what a
    ///     step's source needs for the counts its result is held to. A row there of another entity number is
    ///     then counted as that entity's; the step's result, validated reading each row, refuses it (kept, or
    ///     missing from the count expected).
    ///   - scanned: What a pass over a table already found (see `SchemaConformance.check(_:)`).
    /// - Returns: The rows found, by entity and by table and number.
    /// - Throws: ``StoreError`` or GRDB's `DatabaseError` when a table cannot be read.
    func counts(
        _ db: Database, path: String, reading: Reading = .eachRow, scanned: SchemaConformance.SingleEntityRows = [:]
    ) throws -> Counts {
        var counts = Counts()
        for table in schema.tables {
            guard let root = model.entity(named: table.rootEntity) else { continue }
            let members = model.hierarchy(below: root).compactMap { entity in entries.first { $0.name == entity.name } }
            guard try db.tableExists(table.name) else {
                throw ExecutionError(
                    .validationFailed, path: path,
                    message: "not a valid \(model.name) store: table \(table.name) for \(root.name) is missing")
            }
            if reading.skips(members) { continue }
            counts.byTable[table.name] = [:]
            let whole = members.count == 1 && reading.countsWhole(members[0].name) ? members.first : nil
            let found = scanned[table.name].map { $0.map { ($0.key, $0.value.rows, $0.value.maxKey) } }
            if let whole, found == nil { counts.countedWhole.insert(whole.name) }
            for (number, rows, maxKey) in try found ?? groups(SQLIdentifier(table.name), db, wholeAs: whole?.number) {
                guard let entry = members.first(where: { $0.number == number }) else {
                    throw ExecutionError(
                        .validationFailed, path: path,
                        message:
                            "not a valid \(model.name) store: \(table.name) holds rows of entity number \(number), which is not \(root.name) or below it"
                    )
                }
                counts.byEntity[entry.name] = rows
                counts.byTable[table.name]?[number] = rows
                let rootEntry = members.first { $0.name == root.name }
                if let rootEntry, maxKey > rootEntry.maxPrimaryKey {
                    throw ExecutionError(
                        .validationFailed, path: path,
                        message:
                            "not a valid \(model.name) store: \(table.name) has Z_PK \(maxKey) above Z_MAX \(rootEntry.maxPrimaryKey)"
                    )
                }
            }
        }
        return counts
    }

    /// Rows and highest `Z_PK` per `Z_ENT` value (-1 for a missing one): in one pass without sorting when
    /// every row carries the same number, grouped otherwise.
    /// - Parameters:
    ///   - table: The entity table.
    ///   - db: A connection to the store.
    ///   - number: The number to count every row under, without reading the rows; nil to read them.
    /// - Returns: Each entity number with its rows and highest key.
    /// - Throws: GRDB's `DatabaseError` when the table cannot be read.
    private func groups(_ table: SQLIdentifier, _ db: Database, wholeAs number: Int?) throws
        -> [(number: Int, rows: Int, maxKey: Int64)]
    {
        if let number {
            let rows = try Self.wholeTableRows(table, db)
            return rows == 0 ? [] : [(number, rows, try Self.highestKey(table, db))]
        }
        if let single = try PrimaryKeyEntry.singleEntityRows(in: table, db) {
            return single.map { ($0.key, $0.value.rows, $0.value.maxKey) }
        }
        let select: SQLFragment = #"SELECT "Z_ENT", COUNT(*), MAX("Z_PK") FROM \#(table) GROUP BY "Z_ENT""#
        return try Row.fetchAll(db, select.request).map { ($0[0] ?? -1, $0[1], $0[2] ?? 0) }
    }

    /// The rows of `table`, counted from its b-tree's cells without reading them: SQLite does so only for a
    /// query asking for nothing else.
    static func wholeTableRows(_ table: SQLIdentifier, _ db: Database) throws -> Int {
        let count: SQLFragment = "SELECT COUNT(*) FROM \(table)"
        return try Int.fetchOne(db, count.request) ?? 0
    }

    /// The highest `Z_PK` of `table` (0 when empty), from its b-tree's last cell.
    static func highestKey(_ table: SQLIdentifier, _ db: Database) throws -> Int64 {
        let highest: SQLFragment = "SELECT MAX(\(SQLIdentifier.primaryKey)) FROM \(table)"
        return try Int64.fetchOne(db, highest.request) ?? 0
    }
}
