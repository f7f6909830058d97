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
                let property = entityMapping.relationship(name)
                value = linked(
                    column.role, property, of: from, rows: .owner, rowTable: sourceTable.name,
                    partners: destination.entity(named: declaring)?.relationship(named: name)?.destinationEntity,
                    column: sourceColumn)
                if let kept = value, let own = sharedOneToOne(declaring, name, property: property, from: from) {
                    // The other side keeps each member's lowest-keyed owner; this side keeps the same link only.
                    let member = own.partner(of: .owner, row: SQLIdentifier("s"), rowTable: sourceTable.name, schema: .source)
                    value = "CASE WHEN \(own.lowest(.owner, linkedTo: member, schema: .source)) = s.\"Z_PK\" THEN \(kept) END"
                }
            case .toManyKey(let declaring, let name):
                guard let owner = mapping.entity(declaring), let ownerSource = owner.source.flatMap(source.entity(named:))
                else { continue }
                value = linked(
                    column.role, owner.relationship(name), of: ownerSource, rows: .member, rowTable: sourceTable.name,
                    partners: declaring, column: sourceColumn)
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

    /// Where the source kept the links a destination key column holds (the key of `property`, a relationship of
    /// the objects of `from` in the source, or a to-many's key in its members' table): its own source
    /// relationship's links, then those of the inverse it gains, whose links it takes
    /// (``InferredPropertyMapping/mergesMembershipsOf``), each with the side of its links the destination's
    /// rows are.
    func linkSources(_ property: InferredPropertyMapping?, of from: Entity, rows: LinkStorage.Side)
        -> [(storage: LinkStorage, side: LinkStorage.Side)]
    {
        var sources: [(storage: LinkStorage, side: LinkStorage.Side)] = []
        if let name = property?.source, let relationship = source.allRelationships(of: from).first(where: { $0.name == name }),
            let storage = LinkStorage(relationship, of: from, in: source, schema: sourceSchema)
        {
            sources.append((storage, rows))
        }
        if let merged = property?.mergesMembershipsOf, let dot = merged.firstIndex(of: "."),
            let entity = source.entity(named: String(merged[..<dot])),
            let relationship = source.allRelationships(of: entity).first(where: { $0.name == merged[merged.index(after: dot)...] }
            ),
            let storage = LinkStorage(relationship, of: entity, in: source, schema: sourceSchema)
        {
            sources.append((storage, rows.other))
        }
        return sources
    }

    /// The links `storage` keeps in the source as rows `(o, m)`: the end on `ownerSide` as `o`, each end keyed
    /// as the destination keys its object (``KeyRemapping``).
    func links(_ storage: LinkStorage, ownerSide: LinkStorage.Side) -> SQLFragment {
        let (owner, member) = (SQLIdentifier(storage.column(ownerSide)), SQLIdentifier(storage.column(ownerSide.other)))
        return """
            SELECT \(keys.reference("l.\(owner)", targetTable: storage.objects(ownerSide))) AS o, \
            \(keys.reference("l.\(member)", targetTable: storage.objects(ownerSide.other))) AS m \
            FROM \(LinkStorage.qualified(storage.table, .source)) l WHERE l.\(owner) IS NOT NULL AND l.\(member) IS NOT NULL
            """
    }

    /// Where the destination to-one `declaring.name` (taking its links from its own source relationship) and
    /// its new inverse, a to-one that takes the same links (``InferredPropertyMapping/mergesMembershipsOf``),
    /// make a one-to-one: the links of that source relationship, which both keys must keep alike.
    private func sharedOneToOne(_ declaring: String, _ name: String, property: InferredPropertyMapping?, from: Entity)
        -> LinkStorage?
    {
        guard let sourceName = property?.source,
            let sourceRelationship = source.allRelationships(of: from).first(where: { $0.name == sourceName }),
            let relationship = destination.entity(named: declaring)?.relationship(named: name),
            let inverse = destination.inverse(of: relationship), !inverse.isToMany,
            let members = destination.entity(named: relationship.destinationEntity),
            case let inverseDeclaring = owner(of: inverse.name, in: members, model: destination),
            mapping.entity(inverseDeclaring)?.relationship(inverse.name)?.mergesMembershipsOf
                == "\(owner(of: sourceName, in: from, model: source)).\(sourceName)"
        else { return nil }
        return LinkStorage(sourceRelationship, of: from, in: source, schema: sourceSchema)
    }

    /// The value of a destination key column (`role`: a key, its entity number or its order) for each row of
    /// `rowTable`, the objects on the `rows` side of `property`'s links: the partner the first of its sources
    /// (``linkSources(_:of:rows:)``) names. Where a source kept several partners for one object, the key
    /// takes the lowest (``LinkStorage/partner(of:row:rowTable:schema:)``); the inference counts the rest as
    /// lost. An order is copied only from the relationship's own source key; the rest are filled by rank.
    /// A partner that is no longer an object of `partners` (the destination entity the key names, with its
    /// sub-entities) is not named (``keptPartner(_:of:side:rowTable:partners:)``).
    private func linked(
        _ role: SchemaColumn.Role, _ property: InferredPropertyMapping?, of from: Entity, rows: LinkStorage.Side,
        rowTable: String, partners: String?, column: (SchemaColumn.Role) -> SQLFragment?
    ) -> SQLFragment? {
        let sources = linkSources(property, of: from, rows: rows)
        let row = SQLIdentifier("s")
        let named = sources.map { $0.storage.partner(of: $0.side, row: row, rowTable: rowTable, schema: .source) }
        // Only the relationship's own source, and only where it has an inverse, whose drop counts the links
        // cleared (``MappingInferrer/leavesInverseTarget(_:of:in:mappings:)``).
        let own = property?.source.flatMap { name in source.allRelationships(of: from).first { $0.name == name } }
        let kept: SQLFragment? =
            own.flatMap { source.inverse(of: $0) } == nil || sources.isEmpty
            ? nil
            : keptPartner(named[0], of: sources[0].storage, side: sources[0].side, rowTable: rowTable, partners: partners)
        func keeping(_ value: SQLFragment, _ index: Int) -> SQLFragment {
            guard index == 0, let kept else { return value }
            return "CASE WHEN \(kept) THEN \(value) END"
        }
        var values: [SQLFragment]
        switch role {
        case .foreignKey, .toManyKey:
            values = zip(sources, named).map { keys.reference($1, targetTable: $0.storage.objects($0.side.other)) }
        case .foreignEntity:
            values = zip(sources, named).map { partnerEntity($1, of: $0.storage, side: $0.side, rowTable: rowTable) }
        default:
            guard let name = property?.source, let first = sources.first, first.storage.isKeyed(by: rows, in: rowTable),
                let order = column(.foreignOrder(entity: owner(of: name, in: from, model: source), relationship: name))
            else {
                return nil
            }
            return keeping(order, 0)
        }
        values = values.indices.map { keeping(values[$0], $0) }
        guard values.count > 1 else { return values.first }
        return "COALESCE(\(SQLFragment.joined(values)))"
    }

    /// Where some object a key of `storage` can name (on the other side than `side`) is no longer an object of
    /// `partners` in the destination (a sub-entity leaving its parent, or an entity dropped): the condition
    /// that `partner` still is one. Nil where every object it can name stays one.
    private func keptPartner(
        _ partner: SQLFragment, of storage: LinkStorage, side: LinkStorage.Side, rowTable: String, partners: String?
    ) -> SQLFragment? {
        guard let partners, let target = destination.entity(named: partners), storage.keyedSide == side.other else {
            return nil
        }
        let allowed = Set(destination.hierarchy(below: target).compactMap { destinationSchema.entity(named: $0.name)?.number })
        let leaving = storage.partnerEntities.contains { name in
            guard let moved = mapping.destination(ofSourceEntity: name),
                let number = destinationSchema.entity(named: moved.destination)?.number
            else { return true }
            return !allowed.contains(number)
        }
        guard leaving else { return nil }
        // The partner's own row tells what it is, not the key's entity column, which a store may leave stale.
        let table = LinkStorage.qualified(storage.objects(side.other), .source)
        let entity = keys.entityNumber("(SELECT o.\"Z_ENT\" FROM \(table) o WHERE o.\"Z_PK\" = \(partner))")
        return "\(entity) IN (\(values: allowed.sorted()))"
    }

    /// The destination entity number of `partner`, an object on the other side than `side` of `storage`'s
    /// links: read from the key's own entity column where the row holds one, a constant where the partner
    /// can be of one entity only, else from the partner's own row.
    private func partnerEntity(_ partner: SQLFragment, of storage: LinkStorage, side: LinkStorage.Side, rowTable: String)
        -> SQLFragment
    {
        if storage.isKeyed(by: side, in: rowTable), let kind = storage.partnerEntityColumn {
            return keys.entityNumber("s.\(SQLIdentifier(kind))")
        }
        if storage.keyedSide == side.other, storage.partnerEntities.count == 1, let only = storage.partnerEntities.first,
            let target = mapping.destination(ofSourceEntity: only),
            let number = destinationSchema.entity(named: target.destination)?.number
        {
            return "CASE WHEN \(partner) IS NULL THEN NULL ELSE \(value: number) END"
        }
        let table = LinkStorage.qualified(storage.objects(side.other), .source)
        return keys.entityNumber("(SELECT o.\"Z_ENT\" FROM \(table) o WHERE o.\"Z_PK\" = \(partner))")
    }
}
