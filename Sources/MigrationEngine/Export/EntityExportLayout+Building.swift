extension EntityExportLayout {
    /// The layout of `entity` in a store whose schema is `schema` (built from `model`); `tableColumns` are
    /// the store's actual columns per table, so a column the model implies but the store lacks is reported.
    init(
        entity: Entity, includingSubentities: Bool, model: ObjectModel, schema: StoreSchema, tableColumns: [String: [String]],
        store: String
    ) throws(ExportError) {
        guard let table = schema.table(for: entity.name), tableColumns[table.name] != nil else {
            throw ExportError(store: store, message: "has no table for entity \(entity.name)", category: .damaged)
        }
        let lineage = Set((model.ancestors(of: entity) + [entity]).map(\.name))
        func column(_ matches: (SchemaColumn.Role) -> Bool, in table: SchemaTable, _ what: String) throws(ExportError) -> String?
        {
            guard let found = table.columns.first(where: { matches($0.role) }) else { return nil }
            guard (tableColumns[table.name] ?? []).contains(found.name) else {
                throw ExportError(
                    store: store,
                    message:
                        "table \(table.name) has no column \(found.name) for \(what); the store is not at model version \(model.name)",
                    category: .damaged)
            }
            return found.name
        }
        var attributes: [AttributeColumn] = []
        for attribute in model.allAttributes(of: entity)
        where SchemaBuilder.isStored(attribute)
            && !attributes.contains(where: { $0.attribute.name == attribute.name })
        {
            let name = attribute.name
            guard
                let found = try column(
                    { if case .attribute(let owner, name) = $0 { lineage.contains(owner) } else { false } }, in: table,
                    "\(entity.name).\(name)")
            else { continue }
            attributes.append(AttributeColumn(attribute: attribute, column: found))
        }
        var toOnes: [ToOneColumns] = []
        var toManys: [ToManyQuery] = []
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            let name = relationship.name
            guard !toOnes.contains(where: { $0.name == name }), !toManys.contains(where: { $0.name == name }) else { continue }
            if !relationship.isToMany {
                guard
                    let key = try column(
                        { if case .foreignKey(let owner, name) = $0 { lineage.contains(owner) } else { false } }, in: table,
                        "\(entity.name).\(name)")
                else { continue }
                let entityColumn = try column(
                    { if case .foreignEntity(let owner, name) = $0 { lineage.contains(owner) } else { false } }, in: table,
                    "\(entity.name).\(name)")
                toOnes.append(
                    ToOneColumns(name: name, key: key, entityColumn: entityColumn, destination: relationship.destinationEntity))
            } else if let sql = try Self.toManySQL(relationship, lineage: lineage, model: model, schema: schema, column: column) {
                toManys.append(ToManyQuery(name: name, sql: sql))
            }
        }
        let included = includingSubentities ? model.hierarchy(below: entity) : [entity]
        self.init(
            entity: entity.name, table: table.name, numbers: included.compactMap { schema.entity(named: $0.name)?.number },
            attributes: attributes, toOnes: toOnes, toManys: toManys)
    }

    /// The query for a to-many: through its join table when it is many-to-many, else through the inverse
    /// to-one's key in the destination's table, or without an inverse the key Core Data keeps there for it.
    private static func toManySQL(
        _ relationship: Relationship, lineage: Set<String>, model: ObjectModel, schema: StoreSchema,
        column: ((SchemaColumn.Role) -> Bool, SchemaTable, String) throws(ExportError) -> String?
    ) throws(ExportError) -> SQLFragment? {
        guard let destination = schema.table(for: relationship.destinationEntity) else { return nil }
        let target = SQLIdentifier(destination.name)
        let sides = lineage.map { JoinTable.Side(entity: $0, relationship: relationship.name) }
        if let side = sides.first(where: { schema.joinTable(entity: $0.entity, relationship: $0.relationship) != nil }),
            let join = schema.joinTable(entity: side.entity, relationship: side.relationship)
        {
            let (match, other) =
                join.owner == side ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
            let ordered = relationship.isOrdered ? join.orderColumn(ordering: side) : nil
            let order: SQLFragment = ordered.map { "j.\(SQLIdentifier($0))" } ?? #"d."Z_PK""#
            return #"""
                SELECT d."Z_PK", d."Z_ENT" FROM \#(SQLIdentifier(join.name)) j JOIN \#(target) d \#
                ON d."Z_PK" = j.\#(SQLIdentifier(other)) WHERE j.\#(SQLIdentifier(match)) = ? ORDER BY \#(order)
                """#
        }
        guard let inverse = model.inverse(of: relationship) else {
            let own = relationship.name
            guard
                let key = try column(
                    { if case .toManyKey(let owner, own) = $0 { lineage.contains(owner) } else { false } }, destination,
                    "\(relationship.destinationEntity) key of \(own)")
            else { return nil }
            return #"SELECT "Z_PK", "Z_ENT" FROM \#(target) WHERE \#(SQLIdentifier(key)) = ? ORDER BY "Z_PK""#
        }
        guard !inverse.isToMany else { return nil }
        let owners = Set(
            model.entity(named: relationship.inverseEntity ?? relationship.destinationEntity)
                .map { (model.ancestors(of: $0) + [$0]).map(\.name) } ?? [])
        let name = inverse.name
        let describe = "\(relationship.destinationEntity).\(name)"
        guard
            let key = try column(
                { if case .foreignKey(let owner, name) = $0 { owners.contains(owner) } else { false } }, destination, describe)
        else { return nil }
        let ordered =
            try relationship.isOrdered
            ? column(
                { if case .foreignOrder(let owner, name) = $0 { owners.contains(owner) } else { false } }, destination, describe)
            : nil
        let order = SQLIdentifier(ordered ?? SQLIdentifier.primaryKey.name)
        return #"SELECT "Z_PK", "Z_ENT" FROM \#(target) WHERE \#(SQLIdentifier(key)) = ? ORDER BY \#(order)"#
    }
}
