/// Derives the SQLite schema Core Data would create for a model version (FORMAT.md §4).
///
/// Column order follows Core Data's DDL: `Z_PK, Z_ENT, Z_OPT`, then columns grouped by storage
/// (integers and to-one keys, then dates and real numbers, then strings, then blobs). Inside a group
/// the columns come entity by entity (the root first, sub-entities in number order) and, per entity,
/// attributes by name before to-one keys by name.
public struct SchemaBuilder: Sendable {
    /// The model version to lay out.
    public let model: ObjectModel
    /// Table names found in an existing store; a join table whose name is among them keeps it.
    public let existingTableNames: Set<String>

    /// Creates a builder; pass the tables of a store at this version to keep its join-table names.
    public init(model: ObjectModel, existingTableNames: Set<String> = []) {
        self.model = model
        self.existingTableNames = existingTableNames
    }

    /// The whole schema.
    public func build() -> StoreSchema {
        let numbering = EntityNumbering(model: model)
        var tables: [SchemaTable] = []
        for root in numbering.roots {
            tables.append(table(for: root, numbering: numbering))
        }
        let joins = ManyToManyLayout(model: model, numbering: numbering, existingTableNames: existingTableNames)
        return StoreSchema(entities: numbering.entities, tables: tables, joinTables: joins.tables)
    }

    private func table(for root: Entity, numbering: EntityNumbering) -> SchemaTable {
        let tableName = Self.columnName(for: root.name)
        var used: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
        var columns: [SchemaColumn] = []
        var indexes: [SchemaIndex] = []
        func unique(_ base: String) -> String {
            var candidate = base
            var suffix = 1
            while used.contains(candidate) {
                candidate = base + String(suffix)
                suffix += 1
            }
            used.insert(candidate)
            return candidate
        }
        for entity in numbering.hierarchy(below: root) {
            for attribute in entity.attributes.filter(Self.isStored).sorted(by: { Self.precedes($0.name, $1.name) }) {
                let name = unique(Self.columnName(for: attribute.name))
                columns.append(SchemaColumn(
                    name: name, sqlType: attribute.type.sqlColumnType,
                    role: .attribute(entity: entity.name, name: attribute.name)))
                if attribute.isIndexed {
                    indexes.append(SchemaIndex(name: "\(tableName)_\(name)_INDEX", table: tableName, columns: [name]))
                }
            }
            let toOnes = entity.relationships.filter { !$0.isTransient && !$0.isToMany }
            for relationship in toOnes.sorted(by: { Self.precedes($0.name, $1.name) }) {
                let key = unique(Self.columnName(for: relationship.name))
                columns.append(SchemaColumn(
                    name: key, sqlType: "INTEGER",
                    role: .foreignKey(entity: entity.name, relationship: relationship.name)))
                indexes.append(SchemaIndex(name: "\(tableName)_\(key)_INDEX", table: tableName, columns: [key]))
                let bareKey = String(key.dropFirst())
                if let destination = model.entity(named: relationship.destinationEntity),
                    !model.subentities(of: destination).isEmpty,
                    let number = numbering.number(of: destination.name)
                {
                    columns.append(SchemaColumn(
                        name: unique("Z\(number)_\(bareKey)"), sqlType: "INTEGER",
                        role: .foreignEntity(entity: entity.name, relationship: relationship.name)))
                }
                if let inverse = model.inverse(of: relationship), inverse.isToMany, inverse.isOrdered {
                    columns.append(SchemaColumn(
                        name: unique("Z_FOK_\(bareKey)"), sqlType: "INTEGER",
                        role: .foreignOrder(entity: entity.name, relationship: relationship.name)))
                }
            }
        }
        let fixed = [
            SchemaColumn(name: "Z_PK", sqlType: "INTEGER", role: .primaryKey),
            SchemaColumn(name: "Z_ENT", sqlType: "INTEGER", role: .entityNumber),
            SchemaColumn(name: "Z_OPT", sqlType: "INTEGER", role: .saveCounter),
        ]
        // A stable sort keeps the entity-by-entity, attributes-then-keys order inside each group.
        let ordered = columns.enumerated().sorted { ($0.element.orderGroup, $0.offset) < ($1.element.orderGroup, $1.offset) }
        return SchemaTable(
            name: tableName, rootEntity: root.name, columns: fixed + ordered.map(\.element),
            indexes: indexes + declaredIndexes(below: root, table: tableName, columns: columns))
    }

    /// Fetch indexes (`Z_<Entity>_<name>`, each column `COLLATE BINARY ASC|DESC`) and uniqueness
    /// constraints (`Z_<ENTITY>_UNIQUE_<PROPERTIES>`, a `UNIQUE` index). R-tree indexes are not created.
    private func declaredIndexes(below root: Entity, table: String, columns: [SchemaColumn]) -> [SchemaIndex] {
        func column(_ property: String, in entity: Entity) -> String? {
            let owners = Set(([entity] + model.ancestors(of: entity)).map(\.name))
            return columns.first { column in
                switch column.role {
                case .attribute(let owner, let name), .foreignKey(let owner, let name): owners.contains(owner) && name == property
                default: false
                }
            }?.name
        }
        var indexes: [SchemaIndex] = []
        for entity in model.hierarchy(below: root) {
            for fetchIndex in entity.fetchIndexes where fetchIndex.elements.allSatisfy({ $0.type == "Binary" }) {
                let names = fetchIndex.elements.compactMap { column($0.property, in: entity) }
                guard names.count == fetchIndex.elements.count, !names.isEmpty else { continue }
                indexes.append(SchemaIndex(
                    name: "Z_\(entity.name)_\(fetchIndex.name)", table: table, columns: names,
                    columnSuffixes: fetchIndex.elements.map { "COLLATE BINARY " + ($0.ascending ? "ASC" : "DESC") }))
            }
            for constraint in entity.uniquenessConstraints {
                let names = constraint.compactMap { column($0, in: entity) }
                guard names.count == constraint.count, !names.isEmpty else { continue }
                let suffix = constraint.map { $0.uppercased() }.joined(separator: "_")
                indexes.append(SchemaIndex(
                    name: "Z_\(entity.name.uppercased())_UNIQUE_\(suffix)", table: table, columns: names, isUnique: true))
            }
        }
        return indexes
    }

    /// Whether an attribute has a column (transient and undefined attributes have none).
    static func isStored(_ attribute: Attribute) -> Bool {
        !attribute.isTransient && attribute.type != .undefined && attribute.type != .composite
    }

    /// `Z` + the upper-cased name: Core Data's table and column naming.
    public static func columnName(for name: String) -> String {
        "Z" + name.uppercased()
    }

    /// Plain code-unit order, the order property names are laid out in.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
