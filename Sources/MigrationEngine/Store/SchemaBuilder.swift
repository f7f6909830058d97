/// Derives the SQLite schema Core Data would create for a model version (FORMAT.md §4,
/// `docs/guide/store-schema.md`).
///
/// Column order follows Core Data's DDL: `Z_PK, Z_ENT, Z_OPT`, then columns grouped by storage
/// (integers and to-one keys; `Z_FOK_` order columns; dates and doubles; decimals; strings; UUIDs;
/// Transformables; other blobs). Inside a group the columns come entity by entity (the root first,
/// sub-entities in number order) and, per entity, attributes by name, then to-one keys by name (each
/// followed by its `Z<n>_` entity column), then the keys of to-manys without an inverse that point at it.
package struct SchemaBuilder: Sendable {
    /// The model version to lay out.
    package let model: ObjectModel
    /// Table names found in an existing store; a join table whose name is among them keeps it.
    package let existingTableNames: Set<String>
    /// How declared indexes and uniqueness constraints are written.
    package let style: SchemaStyle

    /// Creates a builder; pass the tables of a store at this version to read its join-table names, and
    /// the style of the framework version the store is (or will be) written with.
    package init(model: ObjectModel, existingTableNames: Set<String> = [], style: SchemaStyle = .entityNamed) {
        self.model = model
        self.existingTableNames = existingTableNames
        self.style = style
    }

    /// The whole schema.
    package func build() -> StoreSchema {
        let numbering = EntityNumbering(model: model)
        var tables: [SchemaTable] = []
        var namespaces: [String: ColumnNamespace] = [:]
        let unowned = unownedToManys(numbering)
        for root in numbering.roots {
            var namespace = ColumnNamespace()
            tables.append(table(for: root, numbering: numbering, unowned: unowned, namespace: &namespace))
            namespaces[tables[tables.count - 1].name] = namespace
        }
        let joins = ManyToManyLayout(
            model: model, numbering: numbering, namespaces: &namespaces, existingTableNames: existingTableNames)
        let derived = DerivedAttributeTriggers(model: model, tables: tables, entities: numbering.entities)
        return StoreSchema(
            entities: numbering.entities, tables: tables, joinTables: joins.tables,
            triggerStatements: derived.statements, derivedValueStatements: derived.fillStatements)
    }

    /// Every stored to-many without an inverse, by destination entity, in the order their key columns are
    /// laid out: by the declaring entity's number, then by name.
    private func unownedToManys(_ numbering: EntityNumbering) -> [String: [(number: Int, owner: String, name: String)]] {
        var found: [String: [(number: Int, owner: String, name: String)]] = [:]
        for entity in numbering.entities {
            guard let declaring = model.entity(named: entity.name) else { continue }
            for relationship in declaring.relationships
            where relationship.isToMany && !relationship.isTransient && model.inverse(of: relationship) == nil {
                found[relationship.destinationEntity, default: []].append((entity.number, entity.name, relationship.name))
            }
        }
        return found.mapValues { list in
            list.sorted { $0.number != $1.number ? $0.number < $1.number : Self.precedes($0.name, $1.name) }
        }
    }

    private func table(
        for root: Entity, numbering: EntityNumbering, unowned: [String: [(number: Int, owner: String, name: String)]],
        namespace: inout ColumnNamespace
    ) -> SchemaTable {
        let tableName = CoreDataName.table(forRoot: root.name)
        var columns: [SchemaColumn] = []
        var indexes: [SchemaIndex] = []
        let entities = numbering.hierarchy(below: root)
        var orderColumns: [(key: (Int, Int), column: SchemaColumn)] = []
        for entity in entities {
            let slots = PropertyHashOrder.columnOrder(of: entity, in: model)
            // Each entity's own properties only: the model decoders drop the inherited copies a cached
            // model repeats in every sub-entity (`ModelArchiveDecoder`), so nothing is laid out twice.
            let attributes = entity.attributes.filter { Self.isStored($0) }
            for attribute in attributes.sorted(by: { Self.precedes($0.name, $1.name) }) {
                columns.append(
                    SchemaColumn(
                        name: namespace.claim(CoreDataName.column(for: attribute.name)), sqlType: attribute.type.sqlColumnType,
                        role: .attribute(entity: entity.name, name: attribute.name)))
            }
            let toOnes = entity.relationships.filter {
                !$0.isTransient && !$0.isToMany
            }
            for relationship in toOnes.sorted(by: { Self.precedes($0.name, $1.name) }) {
                let key = namespace.claim(CoreDataName.column(for: relationship.name))
                columns.append(
                    SchemaColumn(
                        name: key, sqlType: "INTEGER", role: .foreignKey(entity: entity.name, relationship: relationship.name)))
                indexes.append(SchemaIndex(name: "\(tableName)_\(key)_INDEX", table: tableName, columns: [key]))
                let bareKey = String(key.dropFirst())
                if let destination = model.entity(named: relationship.destinationEntity),
                    !model.subentities(of: destination).isEmpty,
                    let number = numbering.number(of: destination.name)
                {
                    columns.append(
                        SchemaColumn(
                            name: namespace.claim("Z\(number)_\(bareKey)"), sqlType: "INTEGER",
                            role: .foreignEntity(entity: entity.name, relationship: relationship.name)))
                }
                if let inverse = model.inverse(of: relationship), inverse.isToMany, inverse.isOrdered {
                    let slot = slots.firstIndex(of: CoreDataName.column(for: relationship.name)) ?? slots.count
                    orderColumns.append(
                        (
                            (numbering.number(of: entity.name) ?? 0, slot),
                            SchemaColumn(
                                name: namespace.claim("Z_FOK_\(bareKey)"), sqlType: "INTEGER",
                                role: .foreignOrder(entity: entity.name, relationship: relationship.name))
                        ))
                }
            }
            // Core Data keeps a to-many without an inverse as a hidden to-one in the destination: a key column
            // named after the declaring entity's number and the relationship, indexed like a to-one's.
            for toMany in unowned[entity.name] ?? [] {
                let key = namespace.claim(CoreDataName.column(for: "\(toMany.number)\(toMany.name)"))
                columns.append(
                    SchemaColumn(
                        name: key, sqlType: "INTEGER", role: .toManyKey(entity: toMany.owner, relationship: toMany.name)))
                indexes.append(SchemaIndex(name: "\(tableName)_\(key)_INDEX", table: tableName, columns: [key]))
            }
        }
        // After every other integer, entity by entity, and within one entity in the order Core Data meets
        // their keys (`PropertyHashOrder`): `Z_FOK_VISIBLEINCONVERSATION` before `Z_FOK_HIDDENINCONVERSATION` in
        // every wire `ZMESSAGE` that has both, `Z_FOK_ASSET` before `Z_FOK_MESSAGE` in `ZGENERICMESSAGEDATA`.
        columns += orderColumns.sorted { $0.key < $1.key }.map(\.column)
        let fixed = [
            SchemaColumn(name: "Z_PK", sqlType: "INTEGER", role: .primaryKey),
            SchemaColumn(name: "Z_ENT", sqlType: "INTEGER", role: .entityNumber),
            SchemaColumn(name: "Z_OPT", sqlType: "INTEGER", role: .saveCounter),
        ]
        // A stable sort keeps the entity-by-entity, attributes-then-keys order inside each group.
        let ordered = columns.enumerated()
            .sorted { (orderGroup($0.element), $0.offset) < (orderGroup($1.element), $1.offset) }.map(\.element)
        if entities.count > 1 {
            indexes.append(SchemaIndex(name: "\(tableName)_Z_ENT_INDEX", table: tableName, columns: ["Z_ENT"]))
        }
        let declared = DeclaredIndexes(model: model, style: style, root: root, table: tableName, columns: ordered)
        return SchemaTable(
            name: tableName, rootEntity: root.name, columns: fixed + ordered,
            indexes: indexes + declared.indexes, constraints: declared.tableConstraints)
    }

    /// Where Core Data puts a column in its DDL: integers (and keys), `Z_FOK_` columns, dates and doubles
    /// interleaved, decimals (`ZPUBLISHEDAT TIMESTAMP, ZPRICE DECIMAL` in coredataplus-books), strings, UUIDs,
    /// Transformables and other blobs (Transformable before Binary in every wire table, UUID before
    /// Transformable in coredataplus-books' `ZBOOK`).
    private func orderGroup(_ column: SchemaColumn) -> Int {
        if case .foreignOrder = column.role { return 1 }
        if case .attribute(let entity, let name) = column.role,
            let type = model.entity(named: entity)?.attribute(named: name)?.type
        {
            if type == .uuid { return 5 }
            if type == .transformable { return 6 }
        }
        switch column.sqlType {
        case "INTEGER": return 0
        case "FLOAT", "TIMESTAMP": return 2
        case "DECIMAL": return 3
        case "VARCHAR": return 4
        default: return 7
        }
    }

    /// Whether an attribute has a column (transient and undefined attributes have none).
    static func isStored(_ attribute: Attribute) -> Bool {
        !attribute.isTransient && attribute.type != .undefined && attribute.type != .composite
    }

    /// Plain code-unit order, the order property names are laid out in.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
