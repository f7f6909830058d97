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

    /// Every DDL statement in creation order: entity tables with their indexes, join tables with
    /// theirs, then the bookkeeping tables. Triggers are apart, in ``triggerStatements``.
    package var createStatements: [String] {
        var statements: [String] = []
        for table in tables {
            statements.append(table.createStatement)
            statements += table.indexes.map(\.createStatement)
        }
        for join in joinTables {
            statements.append(join.createStatement)
            statements.append(join.index.createStatement)
        }
        return statements + [Self.primaryKeyTableSQL, Self.metadataTableSQL, Self.modelCacheTableSQL]
    }

    /// Names of every table the schema accounts for (entity, join and bookkeeping tables).
    package var tableNames: Set<String> {
        Set(tables.map(\.name)).union(joinTables.map(\.name)).union(Self.bookkeepingTables)
    }
}
