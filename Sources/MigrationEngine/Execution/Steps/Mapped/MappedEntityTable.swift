import GRDB

/// Where one entity's objects live in a store opened for a mapped step: table, entity number, columns.
///
/// A class, though never changed once made: the row-by-row path looks one up per object, and copying its
/// dictionaries' references each time cost more than the lookup.
final class MappedEntityTable {
    /// The entity.
    let entity: Entity
    /// Its `Z_ENT`.
    let number: EntityNumber
    /// The numbers of the entity and every entity below it.
    let familyNumbers: [EntityNumber]
    /// The table's name (`ZPOST`).
    let name: SQLIdentifier
    /// The table qualified by its schema (`"src"."ZPOST"`).
    let table: SQLFragment
    /// Column by attribute or to-one relationship name (inherited ones included), for columns that exist.
    let columns: [String: SQLIdentifier]
    /// For to-one relationships whose destination has sub-entities: the column holding the target's `Z_ENT`.
    let entityColumns: [String: SQLIdentifier]
    /// For to-one relationships whose inverse is an ordered to-many: the column holding the object's position
    /// among its target's (`Z_FOK_<NAME>`), where the store has it.
    let orderColumns: [String: SQLIdentifier]
    /// Every attribute (inherited ones included) by name, looked up once per step rather than per object.
    let attributes: [String: Attribute]
    /// Every relationship (inherited ones included) by name.
    let relationships: [String: Relationship]
    /// The attributes that have a column, in the order of ``insert``'s value list after `Z_PK, Z_ENT, Z_OPT`.
    let storedAttributes: [Attribute]
    /// The columns of a row inserted into the table (``InsertColumns``), without links.
    let insertColumns: InsertColumns
    /// `INSERT INTO table (Z_PK, Z_ENT, Z_OPT, <stored attribute columns>) VALUES (?, …)`, bound per object.
    let insert: SQLFragment
    /// The stored form of each stored attribute's model default (``DefaultLiteral``, as inferred steps write
    /// it), by attribute name, for attributes a mapping leaves unset; attributes without one are absent.
    let defaults: [String: DatabaseValue]

    init(
        entity: Entity, number: EntityNumber, familyNumbers: [EntityNumber], name: SQLIdentifier, table: SQLFragment,
        columns: [String: SQLIdentifier], entityColumns: [String: SQLIdentifier], orderColumns: [String: SQLIdentifier],
        attributes: [String: Attribute],
        relationships: [String: Relationship], storedAttributes: [Attribute], insertColumns: InsertColumns,
        defaults: [String: DatabaseValue]
    ) {
        self.entity = entity
        self.number = number
        self.familyNumbers = familyNumbers
        self.name = name
        self.table = table
        self.columns = columns
        self.entityColumns = entityColumns
        self.orderColumns = orderColumns
        self.attributes = attributes
        self.relationships = relationships
        self.storedAttributes = storedAttributes
        self.insertColumns = insertColumns
        self.insert = insertColumns.insert(into: table)
        self.defaults = defaults
    }

    /// The column of a property, or an error naming the table.
    func column(_ property: String) throws -> SQLIdentifier {
        guard let column = columns[property] else {
            throw ExpressionEvaluationError("the store table \(table) has no column for \(entity.name).\(property)")
        }
        return column
    }
}

/// Every entity's table in one schema (`main` for the destination, `src` for the attached source).
struct MappedStoreTables {
    let schema: SQLIdentifier
    let model: ObjectModel
    let entities: [String: MappedEntityTable]
    let numbers: [EntityNumber: String]
    /// The store's layout as the schema builder describes it (join-table names read from the store).
    let layout: StoreSchema
    /// For each to-many without an inverse (by declaring entity and name), the column of the destination's
    /// table that holds the owner's `Z_PK`, when the store has it.
    let toManyKeys: [JoinTable.Side: SQLIdentifier]
    /// The columns each join table of ``layout`` has in the store (an older store may lack an order column).
    let joinColumns: [String: Set<String>]

    init(_ db: Database, schema: SQLIdentifier, model: ObjectModel, layout: StoreSchema) throws {
        self.schema = schema
        self.model = model
        self.layout = layout
        var numbers: [String: Int] = [:]
        for entry in PrimaryKeyEntry.resolvingRenames(try PrimaryKeyEntry.fetchAll(db, schema: schema), model: model) {
            numbers[entry.name] = entry.number
        }
        self.numbers = Dictionary(numbers.map { (EntityNumber($0.value), $0.key) }, uniquingKeysWith: { a, _ in a })
        var entities: [String: MappedEntityTable] = [:]
        var columnsByTable: [String: Set<String>] = [:]
        for entity in model.entities {
            guard let number = numbers[entity.name], let layoutTable = layout.table(for: entity.name) else { continue }
            let tableName = layoutTable.name
            if columnsByTable[tableName] == nil {
                columnsByTable[tableName] = Set(try db.columnNames(in: tableName, schema: schema))
            }
            let existing = columnsByTable[tableName] ?? []
            // The layout names each column after the entity declaring the property, suffix included
            // (`ZTEXT1` when a sibling's `text` took `ZTEXT`), so the lookup goes by declaring entity.
            func column(_ role: SchemaColumn.Role) -> SQLIdentifier? {
                layoutTable.column(role).map(\.name).flatMap { existing.contains($0) ? SQLIdentifier($0) : nil }
            }
            var columns: [String: SQLIdentifier] = [:]
            var entityColumns: [String: SQLIdentifier] = [:]
            var orderColumns: [String: SQLIdentifier] = [:]
            for declaring in model.ancestors(of: entity).reversed() + [entity] {
                for attribute in declaring.attributes where !attribute.isTransient {
                    if let found = column(.attribute(entity: declaring.name, name: attribute.name)) {
                        columns[attribute.name] = found
                    }
                }
                for relationship in declaring.relationships where !relationship.isToMany && !relationship.isTransient {
                    let name = relationship.name
                    if let found = column(.foreignKey(entity: declaring.name, relationship: name)) { columns[name] = found }
                    if let found = column(.foreignEntity(entity: declaring.name, relationship: name)) {
                        entityColumns[name] = found
                    }
                    if let found = column(.foreignOrder(entity: declaring.name, relationship: name)) {
                        orderColumns[name] = found
                    }
                }
            }
            let family = model.hierarchy(below: entity).compactMap { numbers[$0.name].map { EntityNumber($0) } }
            let name = SQLIdentifier(tableName)
            let table: SQLFragment = "\(schema).\(name)"
            let attributes = model.allAttributes(of: entity)
            var listed: Set<String> = []
            let stored = attributes.filter { !$0.isTransient && columns[$0.name] != nil && listed.insert($0.name).inserted }
            entities[entity.name] = MappedEntityTable(
                entity: entity, number: EntityNumber(number), familyNumbers: family, name: name, table: table, columns: columns,
                entityColumns: entityColumns, orderColumns: orderColumns,
                attributes: Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }),
                relationships: Dictionary(
                    model.allRelationships(of: entity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }),
                storedAttributes: stored,
                insertColumns: InsertColumns(attributes: stored.compactMap { columns[$0.name] }),
                defaults: Dictionary(
                    stored.compactMap { attribute in
                        DefaultLiteral(attribute: attribute).map { (attribute.name, $0.databaseValue) }
                    },
                    uniquingKeysWith: { a, _ in a }))
        }
        self.entities = entities
        var keys: [JoinTable.Side: SQLIdentifier] = [:]
        for table in layout.tables {
            for column in table.columns {
                guard case .toManyKey(let owner, let relationship) = column.role else { continue }
                if columnsByTable[table.name] == nil {
                    columnsByTable[table.name] = Set(try db.columnNames(in: table.name, schema: schema))
                }
                if columnsByTable[table.name]?.contains(column.name) == true {
                    keys[JoinTable.Side(entity: owner, relationship: relationship)] = SQLIdentifier(column.name)
                }
            }
        }
        toManyKeys = keys
        var joinColumns: [String: Set<String>] = [:]
        for join in layout.joinTables {
            joinColumns[join.name] = Set(try db.columnNames(in: join.name, schema: schema))
        }
        self.joinColumns = joinColumns
    }

    /// The join table of a many-to-many relationship of `entity` (declared by it or an ancestor): the qualified
    /// table, the column holding `entity`'s objects and the column holding the related objects.
    func join(_ relationship: String, of entity: Entity) -> (table: SQLFragment, mine: SQLIdentifier, theirs: SQLIdentifier)? {
        orderedJoin(relationship, of: entity).map { ($0.table, $0.mine, $0.theirs) }
    }

    /// ``join(_:of:)`` with the order column keeping the related objects' positions among `entity`'s
    /// object's, when `relationship` is ordered and the store has the column.
    func orderedJoin(_ relationship: String, of entity: Entity) -> OrderedJoin? {
        guard
            let declaring = ([entity] + model.ancestors(of: entity)).first(where: { $0.relationship(named: relationship) != nil }
            ),
            let join = layout.joinTable(entity: declaring.name, relationship: relationship)
        else { return nil }
        let side = JoinTable.Side(entity: declaring.name, relationship: relationship)
        let mine = join.owner == side
        let (owner, target) = (SQLIdentifier(join.ownerColumn), SQLIdentifier(join.targetColumn))
        let existing = joinColumns[join.name] ?? []
        func order(_ side: JoinTable.Side) -> SQLIdentifier? {
            join.orderColumn(ordering: side).flatMap { existing.contains($0) ? SQLIdentifier($0) : nil }
        }
        return OrderedJoin(
            table: "\(schema).\(SQLIdentifier(join.name))", mine: mine ? owner : target, theirs: mine ? target : owner,
            order: order(side))
    }

    /// A join table seen from one side (``orderedJoin(_:of:)``): the table, the column of that side's
    /// objects, the column of the objects they relate to, and those objects' positions when ordered.
    struct OrderedJoin {
        let table: SQLFragment, mine: SQLIdentifier, theirs: SQLIdentifier, order: SQLIdentifier?
    }

    /// Every membership of the ordered to-many `relationship` of `entity` (declared by it or an ancestor), as
    /// rows `(o, m, p)`: owner's key, member's key, the member's position; `nil` where the store keeps no
    /// order for it (no inverse, or no order column).
    func orderedMembers(_ relationship: Relationship, of entity: Entity) -> SQLFragment? {
        guard relationship.isToMany, relationship.isOrdered else { return nil }
        if let inverse = model.inverse(of: relationship), !inverse.isToMany {
            guard let target = entities[relationship.destinationEntity], let key = target.columns[inverse.name],
                let order = target.orderColumns[inverse.name]
            else { return nil }
            return "SELECT \(key) AS o, Z_PK AS m, \(order) AS p FROM \(target.table) WHERE \(key) IS NOT NULL"
        }
        guard let join = orderedJoin(relationship.name, of: entity), let order = join.order else { return nil }
        return "SELECT \(join.mine) AS o, \(join.theirs) AS m, \(order) AS p FROM \(join.table)"
    }

    /// The column holding the owner's key for a to-many without an inverse of `entity` (declared by it or an
    /// ancestor), in the destination entity's table.
    func toManyKey(_ relationship: String, of entity: Entity) -> SQLIdentifier? {
        ([entity] + model.ancestors(of: entity)).lazy.compactMap {
            self.toManyKeys[JoinTable.Side(entity: $0.name, relationship: relationship)]
        }.first
    }

    /// The table of an entity, or an error naming the store side.
    func table(_ entity: String) throws -> MappedEntityTable {
        guard let table = entities[entity] else {
            throw ExpressionEvaluationError("the \(schema == .source ? "source" : "destination") store has no entity \(entity)")
        }
        return table
    }
}
