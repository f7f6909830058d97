/// Builds the statements of an ``InferredCopyPlan`` from the mapping and both schemas.
struct InferredCopyBuilder {
    let mapping: InferredMapping
    let source: ObjectModel
    let destination: ObjectModel
    let sourceSchema: StoreSchema
    let destinationSchema: StoreSchema
    let keys: KeyRemapping

    /// The entity in `entity`'s chain (itself or an ancestor) that declares `property`.
    func owner(of property: String, in entity: Entity, model: ObjectModel) -> String {
        ([entity] + model.ancestors(of: entity)).first {
            $0.attribute(named: property) != nil || $0.relationship(named: property) != nil
        }?.name ?? entity.name
    }

    func entityCopy(_ entityMapping: InferredEntityMapping) -> InferredCopyPlan.EntityCopy? {
        guard let sourceName = entityMapping.source, let from = source.entity(named: sourceName),
            let to = destination.entity(named: entityMapping.destination),
            let table = destinationSchema.table(for: to.name), let sourceTable = sourceSchema.table(for: sourceName),
            let newNumber = destinationSchema.entity(named: to.name)?.number,
            let oldNumber = sourceSchema.entity(named: sourceName)?.number
        else { return nil }
        let chain = Set(([to] + destination.ancestors(of: to)).map(\.name))
        var names: [SQLIdentifier] = []
        var values: [SQLFragment] = []
        var filled: Set<String> = []
        let shift = keys.offset(from: sourceTable.name, to: table.name)
        func sourceColumn(_ role: SchemaColumn.Role) -> SQLFragment? {
            sourceTable.column(role).map { "s.\(SQLIdentifier($0.name))" }
        }
        for column in table.columns {
            var value: SQLFragment?
            switch column.role {
            case .primaryKey:
                value = shift == 0 ? "s.\"Z_PK\"" : "s.\"Z_PK\" + \(value: shift)"
            case .entityNumber:
                value = "\(value: newNumber)"
            case .saveCounter:
                value = "s.\"Z_OPT\""
            case .attribute(let declaring, let name):
                guard chain.contains(declaring), let property = entityMapping.attribute(name) else { continue }
                let old = property.source
                    .flatMap { sourceColumn(.attribute(entity: owner(of: $0, in: from, model: source), name: $0)) }
                    .map { Self.converted($0, to: property.convertsTo) }
                if let old, property.becomesRequired, let fill = property.defaultValue {
                    value = "COALESCE(\(old), \(value: fill.databaseValue))"
                    if fill.bindsAsValue { filled.insert(column.name) }
                } else if let old {
                    value = old
                } else if property.isAdded, let fill = property.defaultValue {
                    value = "\(value: fill.databaseValue)"
                    if fill.bindsAsValue { filled.insert(column.name) }
                }
            case .foreignKey(let declaring, let name), .foreignEntity(let declaring, let name),
                .foreignOrder(let declaring, let name):
                guard chain.contains(declaring) else { continue }
                if let property = entityMapping.relationship(name), let sourceName = property.source,
                    let relationship = source.allRelationships(of: from).first(where: { $0.name == sourceName })
                {
                    let declarer = owner(of: sourceName, in: from, model: source)
                    value = relationshipValue(column.role, declarer: declarer, relationship: relationship, column: sourceColumn)
                    if property.mergesMembershipsOf != nil {
                        value = mergedMembership(column.role, declaring, name, kept: value, column: sourceColumn)
                    }
                } else if case .foreignKey = column.role {
                    value = gainedInverse(declaring, name, column: sourceColumn)
                }
            case .toManyKey(let declaring, let name):
                value = unownedMembership(declaring, name, column: sourceColumn)
            }
            if let value {
                names.append(SQLIdentifier(column.name))
                values.append(value)
            }
        }
        return InferredCopyPlan.EntityCopy(
            destinationEntity: to.name, sourceTable: sourceTable.name, sourceNumber: oldNumber,
            destinationTable: table.name, destinationNumber: newNumber, keyShift: shift, filledColumns: filled,
            sql: Self.entityInsert(into: table.name, names, values: values, from: sourceTable.name, number: oldNumber))
    }

    /// The `INSERT … SELECT` of one source entity's rows (a `Z_PK` range of them) into a destination table.
    static func entityInsert(
        into table: String, _ names: [SQLIdentifier], values: [SQLFragment], from sourceTable: String, number: Int
    ) -> SQLFragment {
        """
        INSERT INTO \(SQLIdentifier.main).\(SQLIdentifier(table)) (\(names)) \
        SELECT \(SQLFragment.joined(values)) FROM \(SQLIdentifier.source).\(SQLIdentifier(sourceTable)) s \
        WHERE s."Z_ENT" = \(value: number) AND s."Z_PK" > :low AND s."Z_PK" <= :high
        """
    }

    /// A number read as the destination's numeric type, as `NSNumber` conversion would give it: whole
    /// numbers truncate toward zero, Booleans are 1 for any non-zero value.
    static func converted(_ expression: SQLFragment, to type: AttributeType?) -> SQLFragment {
        switch type {
        case .boolean?: "(CASE WHEN \(expression) IS NULL THEN NULL WHEN \(expression) <> 0 THEN 1 ELSE 0 END)"
        case let type? where type.isInteger: "CAST(\(expression) AS INTEGER)"
        case .double?, .float?: "CAST(\(expression) AS REAL)"
        default: expression
        }
    }

    /// The key of the object whose to-many without an inverse (`declaring.name` in the destination) holds the
    /// row: read from the source's own key column for it, or from the inverse to-one the source kept, so the
    /// membership survives a step that removes the inverse. A many-to-many source has no single owner per row.
    private func unownedMembership(_ declaring: String, _ name: String, column: (SchemaColumn.Role) -> SQLFragment?)
        -> SQLFragment?
    {
        sourceOwner(declaring, name, column: column).map { keys.reference($0.key, targetTable: $0.table) }
    }

    /// The source key (as the source holds it) of the row's owner for the to-many `declaring.name` of the
    /// destination, and the source table it points into: see ``unownedMembership(_:_:column:)``.
    private func sourceOwner(_ declaring: String, _ name: String, column: (SchemaColumn.Role) -> SQLFragment?)
        -> (key: SQLFragment, table: String)?
    {
        guard let owner = mapping.entity(declaring), let ownerName = owner.source,
            let ownerEntity = source.entity(named: ownerName), let sourceName = owner.relationship(name)?.source,
            let relationship = source.allRelationships(of: ownerEntity).first(where: { $0.name == sourceName }),
            let ownerTable = sourceSchema.table(for: ownerName)?.name
        else { return nil }
        let key: SQLFragment?
        if let inverse = source.inverse(of: relationship) {
            guard !inverse.isToMany, let target = source.entity(named: relationship.destinationEntity) else { return nil }
            key = column(.foreignKey(entity: self.owner(of: inverse.name, in: target, model: source), relationship: inverse.name))
        } else {
            key = column(.toManyKey(entity: self.owner(of: sourceName, in: ownerEntity, model: source), relationship: sourceName))
        }
        return key.map { ($0, ownerTable) }
    }

    /// A to-one whose to-many inverse held memberships of its own in the source
    /// (``InferredPropertyMapping/mergesMembershipsOf``): the row keeps the owner its own source relationship
    /// gives (`kept`), and takes the one its gained inverse held where that gives none. The entity of such an
    /// owner is read from its row; an order column keeps `kept` (positions are filled by rank where none).
    private func mergedMembership(
        _ role: SchemaColumn.Role, _ declaring: String, _ name: String, kept: SQLFragment?,
        column: (SchemaColumn.Role) -> SQLFragment?
    ) -> SQLFragment? {
        guard let relationship = destination.entity(named: declaring)?.relationship(named: name),
            let inverse = destination.inverse(of: relationship),
            let target = destination.entity(named: relationship.destinationEntity),
            let owner = sourceOwner(self.owner(of: inverse.name, in: target, model: destination), inverse.name, column: column)
        else { return kept }
        let taken: SQLFragment
        switch role {
        case .foreignKey:
            taken = keys.reference(owner.key, targetTable: owner.table)
        case .foreignEntity:
            taken = keys.entityNumber(
                "(SELECT o.\"Z_ENT\" FROM \(SQLIdentifier.source).\(SQLIdentifier(owner.table)) o WHERE o.\"Z_PK\" = \(owner.key))"
            )
        default:
            return kept
        }
        return kept.map { "COALESCE(\($0), \(taken))" } ?? taken
    }

    /// A new to-one whose inverse is a to-many that had no inverse in the source: its key is the owner's key
    /// the source kept for that to-many in this row, so the memberships survive a step that adds the inverse.
    private func gainedInverse(_ declaring: String, _ name: String, column: (SchemaColumn.Role) -> SQLFragment?)
        -> SQLFragment?
    {
        guard let relationship = destination.entity(named: declaring)?.relationship(named: name),
            let inverse = destination.inverse(of: relationship), inverse.isToMany,
            let target = destination.entity(named: relationship.destinationEntity)
        else { return nil }
        return unownedMembership(self.owner(of: inverse.name, in: target, model: destination), inverse.name, column: column)
    }

    private func relationshipValue(
        _ role: SchemaColumn.Role, declarer: String, relationship: Relationship, column: (SchemaColumn.Role) -> SQLFragment?
    ) -> SQLFragment? {
        guard let key = column(.foreignKey(entity: declarer, relationship: relationship.name)),
            let targetTable = sourceSchema.table(for: relationship.destinationEntity)?.name
        else { return nil }
        switch role {
        case .foreignKey:
            return keys.reference(key, targetTable: targetTable)
        case .foreignEntity:
            if let kind = column(.foreignEntity(entity: declarer, relationship: relationship.name)) {
                return keys.entityNumber(kind)
            }
            guard let target = mapping.destination(ofSourceEntity: relationship.destinationEntity),
                let number = destinationSchema.entity(named: target.destination)?.number
            else { return nil }
            return "CASE WHEN \(key) IS NULL THEN NULL ELSE \(value: number) END"
        default:
            return column(.foreignOrder(entity: declarer, relationship: relationship.name))
        }
    }
}
