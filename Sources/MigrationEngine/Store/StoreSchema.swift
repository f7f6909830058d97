/// The SQLite schema Core Data uses for one model version: entity numbers, entity tables,
/// join tables, indexes and the bookkeeping tables, with Core Data's own DDL text.
package struct StoreSchema: Sendable, Hashable, Codable {
    /// `Z_PRIMARYKEY`'s DDL, verbatim as Core Data writes it.
    package static let primaryKeyTableSQL =
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)"
    /// `Z_METADATA`'s DDL, verbatim.
    package static let metadataTableSQL =
        "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)"
    /// `Z_MODELCACHE`'s DDL, verbatim.
    package static let modelCacheTableSQL = "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)"
    /// The tables every store has besides entity and join tables.
    package static let bookkeepingTables: Set<String> = ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"]

    /// Every entity, in number order.
    package var entities: [SchemaEntity]
    /// One table per root entity, in entity-number order of their roots.
    package var tables: [SchemaTable]
    /// Many-to-many join tables.
    package var joinTables: [JoinTable]
    /// Core Data's `Z_DA_…` triggers maintaining derived attributes; created after any data copy.
    package var triggerStatements: [String]
    /// `UPDATE` statements giving every derived attribute the value its triggers would have kept.
    package var derivedValueStatements: [String]

    /// Creates a schema.
    package init(
        entities: [SchemaEntity], tables: [SchemaTable], joinTables: [JoinTable], triggerStatements: [String] = [],
        derivedValueStatements: [String] = []
    ) {
        self.entities = entities
        self.tables = tables
        self.joinTables = joinTables
        self.triggerStatements = triggerStatements
        self.derivedValueStatements = derivedValueStatements
    }

    /// The numbered entity with this name.
    package func entity(named name: String) -> SchemaEntity? {
        entities.first { $0.name == name }
    }

    /// The table holding this entity's rows.
    package func table(for entityName: String) -> SchemaTable? {
        guard let entity = entity(named: entityName) else { return nil }
        return tables.first { $0.name == entity.table }
    }

    /// The join table for a many-to-many relationship declared by `entity`, from either side.
    package func joinTable(entity: String, relationship: String) -> JoinTable? {
        let side = JoinTable.Side(entity: entity, relationship: relationship)
        return joinTables.first { $0.owner == side || $0.inverse == side }
    }

    /// Every entity table, each followed by the join tables named after one of its entities, as Core Data
    /// creates them (wire 2.54.0, a store it created: `Z_3LASTSERVERSYNCEDACTIVEPARTICIPANTS` right after
    /// `ZCONVERSATION`, the `Z_11…` tables after `ZMESSAGE`).
    package var tableStatements: [String] {
        let (owned, unowned) = joinTablesByTable
        return tables.flatMap { [$0.createStatement] + (owned[$0.name] ?? []).map(\.createStatement) }
            + unowned.map(\.createStatement)
    }

    /// Every index in Core Data's order: table by table as in ``tableStatements``; in each, the indexes Core
    /// Data adds for to-one keys and `Z_ENT`, then entity by entity in number order the indexes of the join
    /// tables named after it and those it declares (`UNIQUE` ones among them). wire 2.54.0: `ZCONVERSATION`'s
    /// key indexes, `Z_3LASTSERVERSYNCEDACTIVEPARTICIPANTS`'s, then `Z_Conversation_…`; `Z_Message_…` (entity
    /// 10), then the `Z_11…` join tables' (entity 11, in the same table).
    package var indexes: [SchemaIndex] {
        let (owned, unowned) = joinTablesByTable
        return tables.flatMap { table in
            let members = entities.filter { $0.table == table.name }.map(\.name)
            let joins = owned[table.name] ?? []
            var ordered = table.indexes.filter { $0.declaringEntity.map { !members.contains($0) } ?? true }
            for member in members {
                ordered += joins.filter { $0.owner.entity == member }.map(\.index)
                ordered += table.indexes.filter { $0.declaringEntity == member }
            }
            return ordered
        } + unowned.map(\.index)
    }

    /// The join tables by the table of the entity they are named after; those whose entity has no table
    /// here (never in a built schema) apart, to come last.
    private var joinTablesByTable: (owned: [String: [JoinTable]], unowned: [JoinTable]) {
        let names = Set(tables.map(\.name))
        var owned: [String: [JoinTable]] = [:]
        var unowned: [JoinTable] = []
        for join in joinTables {
            if let table = entity(named: join.owner.entity)?.table, names.contains(table) {
                owned[table, default: []].append(join)
            } else {
                unowned.append(join)
            }
        }
        return (owned, unowned)
    }

    /// The bookkeeping tables' DDL, in Core Data's order.
    package static let bookkeepingStatements = [primaryKeyTableSQL, metadataTableSQL, modelCacheTableSQL]

    /// The DDL of a store created in `layout`, in creation order (`sqlite_master` keeps it), taken from the
    /// corpus's Apple-written stores: a new store (coredataplus-cars V1, wibosco-colors 3, coredataplus-books,
    /// wire 2.54.0) has its tables, then every index, then the ``triggerStatements`` (when `triggers`), then
    /// the bookkeeping tables; a migrated one (coredataplus-cars V2, wibosco-sections 2) has the bookkeeping
    /// tables first, then the tables, then every index, which a step creates once its rows are in
    /// (``StoreWriter/installIndexes(_:)``) like the triggers, after the indexes.
    package func createStatements(_ layout: StoreLayout, triggers: Bool) -> [String] {
        switch layout {
        case .fresh:
            tableStatements + indexes.map(\.createStatement) + (triggers ? triggerStatements : [])
                + Self.bookkeepingStatements
        case .migrated: Self.bookkeepingStatements + tableStatements
        }
    }

    /// Names of every table the schema accounts for (entity, join and bookkeeping tables).
    package var tableNames: Set<String> {
        Set(tables.map(\.name)).union(joinTables.map(\.name)).union(Self.bookkeepingTables)
    }
}
