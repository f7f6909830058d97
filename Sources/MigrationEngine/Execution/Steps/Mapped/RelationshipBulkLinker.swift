import GRDB

/// Stage 2 in a few SQL statements for the lookups most mappings use — "the objects mapping X made from
/// `$source`", from `$source.<relationship>`, or the generated lookup through a source relationship —
/// joining the association table with itself instead of evaluating one object at a time.
///
/// Anything else (policies, computed expressions, to-one lookups that find several objects) is left to the
/// per-object path, which also reports errors precisely.
struct RelationshipBulkLinker {
    let session: MappingSession

    private var association: SQLFragment { AssociationTable.table }

    /// Links `relationship` for every object `mapping` made; `false`, before writing anything but deferred
    /// associations, when the expression needs the per-object path.
    func link(_ mapping: ResolvedEntityMapping, _ relationship: Relationship, _ value: MappingExpression) throws -> Bool {
        guard let targets = try targetMappings(mapping, value.expression), !targets.mappings.isEmpty,
            let destinationEntity = mapping.destinationEntity,
            let made = session.destination.entities[destinationEntity.name],
            let targetTable = session.destination.entities[relationship.destinationEntity],
            let from = try sourceJoin(mapping, targets.from)
        else { return false }
        let model = session.destination.model
        let inverse = model.inverse(of: relationship)
        let pairs: SQLFragment = """
            SELECT a1."destination" AS d, a1."destinationEntity" AS de, a2."destination" AS t, a2."destinationEntity" AS te
            FROM \(association) a1 \(from.join)
            JOIN \(association) a2 ON a2."mapping" IN (\(values: targets.mappings.map(\.index)))
              AND a2."source" = \(from.key) AND a2."destinationEntity" IN (\(values: targetTable.familyNumbers))
            WHERE a1."mapping" = \(value: mapping.index) AND a1."destinationEntity" = \(value: made.number)
            """
        if !relationship.isToMany {
            guard made.columns[relationship.name] != nil else { return false }
            if !unambiguous(mapping, targets.mappings, targets.from) {
                let ambiguity: SQLFragment = "SELECT d FROM (\(pairs)) GROUP BY d HAVING COUNT(*) > 1 LIMIT 1"
                try session.association.materialize()
                guard try Int64.fetchOne(session.db, ambiguity.request) == nil else { return false }
            }
        }
        let link = MappingSession.BulkLink(
            mapping: mapping.index, relationship: relationship.name, targets: targets.mappings.map(\.index))
        func linked() -> Bool {
            if targets.from.kind == .variable("source") { session.bulkLinks.insert(link) }
            return true
        }
        if let inverse, linkedThroughInverse(mapping, inverse, targets.mappings, targets.from, made, targetTable) {
            return linked()
        }
        try session.association.materialize()
        if !relationship.isToMany, let column = made.columns[relationship.name] {
            try update(made, [(column, "p.t")] + typed(made, relationship.name, "p.te"), pairs: pairs, key: "p.d")
            if let inverse, !inverse.isToMany, let back = targetTable.columns[inverse.name] {
                try update(targetTable, [(back, "p.d")] + typed(targetTable, inverse.name, "p.de"), pairs: pairs, key: "p.t")
            }
            return linked()
        }
        if let inverse, !inverse.isToMany {
            guard let back = targetTable.columns[inverse.name] else { return false }
            try update(targetTable, [(back, "p.d")] + typed(targetTable, inverse.name, "p.de"), pairs: pairs, key: "p.t")
            return linked()
        }
        guard let join = session.destination.join(relationship.name, of: destinationEntity) else { return false }
        try session.db.execute(
            """
            INSERT OR IGNORE INTO \(join.table) (\([join.mine, join.theirs]))
            SELECT p.d, p.t FROM (\(pairs)) AS p
            """)
        session.statistics?.addRelationshipRows(session.db.changesCount)
        return linked()
    }

    /// Whether a to-one lookup finds at most one object for each object `mapping` made, without looking: each
    /// object comes from one source object (no merge key, no policy), `from` names one source object, and the
    /// one target mapping makes at most one object per source object (no policy; a merge still makes one).
    private func unambiguous(_ mapping: ResolvedEntityMapping, _ targets: [ResolvedEntityMapping], _ from: Expression)
        -> Bool
    {
        guard targets.count == 1, mapping.mapping.mergeKey == nil, session.policies[mapping.index] == nil,
            session.policies[targets[0].index] == nil
        else { return false }
        if from.kind == .variable("source") { return true }
        guard case .key(_, let name) = from.kind, let entity = mapping.sourceEntity,
            let relationship = session.source.entities[entity.name]?.relationships[name]
        else { return false }
        return !relationship.isToMany
    }

    /// Whether the inverse relationship was already linked in bulk from the same pairs, read the other way
    /// round, so every foreign key (or join row) this link would write is already written: the target
    /// mapping linked `inverse` to this mapping's objects by `$source`, neither has a policy (every object a
    /// mapping made is of its destination entity), and each made entity fits the other relationship.
    private func linkedThroughInverse(
        _ mapping: ResolvedEntityMapping, _ inverse: Relationship, _ targets: [ResolvedEntityMapping], _ from: Expression,
        _ made: MappedEntityTable, _ targetTable: MappedEntityTable
    ) -> Bool {
        guard targets.count == 1, let target = targets.first, from.kind == .variable("source"),
            session.policies[mapping.index] == nil, session.policies[target.index] == nil,
            let targetEntity = target.destinationEntity, let targetMade = session.destination.entities[targetEntity.name],
            targetTable.familyNumbers.contains(targetMade.number),
            let back = session.destination.entities[inverse.destinationEntity], back.familyNumbers.contains(made.number)
        else { return false }
        return session.bulkLinks.contains(
            MappingSession.BulkLink(mapping: target.index, relationship: inverse.name, targets: [mapping.index]))
    }

    private func typed(_ table: MappedEntityTable, _ relationship: String, _ value: SQLFragment) -> [(SQLIdentifier, SQLFragment)]
    {
        table.entityColumns[relationship].map { [($0, value)] } ?? []
    }

    private func update(
        _ table: MappedEntityTable, _ assignments: [(SQLIdentifier, SQLFragment)], pairs: SQLFragment, key: SQLFragment
    ) throws {
        let set = SQLFragment.joined(assignments.map { "\($0.0) = \($0.1)" })
        try session.db.execute("UPDATE \(table.table) AS x SET \(set) FROM (\(pairs)) AS p WHERE x.Z_PK = \(key)")
        session.statistics?.addRelationshipRows(session.db.changesCount)
    }

    /// The mappings a lookup expression names, and the expression giving the source objects.
    private func targetMappings(_ mapping: ResolvedEntityMapping, _ expression: Expression) throws
        -> (mappings: [ResolvedEntityMapping], from: Expression)?
    {
        guard case .function(let target, let selector, let arguments) = expression.kind,
            target.kind == .variable("manager"), arguments.count == 2,
            case .literal(.string(let name)) = arguments[0].kind
        else { return nil }
        switch selector {
        case SelectorCall.entityMappingLookup:
            return session.mappingsByName[name].map { ([$0], arguments[1]) }
        case SelectorCall.relationshipLookup:
            return (try session.mappings(reachedBy: name, from: mapping), arguments[1])
        default:
            return nil
        }
    }

    /// SQL joining a1's source object to the source objects `from` names: `$source`, or `$source.<relationship>`
    /// through a foreign key (to-one) or the inverse's foreign key (to-many).
    private func sourceJoin(_ mapping: ResolvedEntityMapping, _ from: Expression) throws
        -> (join: SQLFragment, key: SQLFragment)?
    {
        if from.kind == .variable("source") { return ("", "a1.\"source\"") }
        guard case .key(let base, let name) = from.kind, base.kind == .variable("source"),
            let entity = mapping.sourceEntity, let table = session.source.entities[entity.name],
            let relationship = table.relationships[name]
        else { return nil }
        if !relationship.isToMany {
            guard let column = table.columns[name] else { return nil }
            return ("JOIN \(table.table) s ON s.Z_PK = a1.\"source\"", "s.\(column)")
        }
        guard let inverse = session.source.model.inverse(of: relationship), !inverse.isToMany else {
            guard let join = session.source.join(name, of: entity) else { return nil }
            return ("JOIN \(join.table) j ON j.\(join.mine) = a1.\"source\"", "j.\(join.theirs)")
        }
        guard let other = session.source.entities[relationship.destinationEntity], let column = other.columns[inverse.name]
        else { return nil }
        return (
            "JOIN \(other.table) s ON s.\(column) = a1.\"source\" AND s.Z_ENT IN (\(values: other.familyNumbers))", "s.Z_PK"
        )
    }
}
