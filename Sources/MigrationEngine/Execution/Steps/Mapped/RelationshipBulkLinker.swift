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
    ///
    /// Objects another mapping's policy made for `mapping` or a target mapping leave it to the per-object path:
    /// they may come from another entity's source objects (the pairs below join keys of one table) and give
    /// an object several targets, which that path reports as an error.
    func link(_ mapping: ResolvedEntityMapping, _ relationship: Relationship, _ value: MappingExpression) throws -> Bool {
        guard session.strategies.contains(.bulkLinks), !session.madeByOtherMappings.contains(mapping.index),
            let targets = try session.lookup(mapping, value.expression), !targets.mappings.isEmpty,
            targets.mappings.allSatisfy({ !session.madeByOtherMappings.contains($0.index) }),
            let destinationEntity = mapping.destinationEntity,
            let made = session.destination.entities[destinationEntity.name],
            let targetTable = session.destination.entities[relationship.destinationEntity],
            let from = try sourceJoin(mapping, targets.from)
        else { return false }
        let model = session.destination.model
        let inverse = model.inverse(of: relationship)
        // `o`: the target's position in the source's ordered relationship the lookup reads, if it reads one.
        let pairs: SQLFragment = """
            SELECT a1."destination" AS d, a1."destinationEntity" AS de, a2."destination" AS t, a2."destinationEntity" AS te,
              \(from.order) AS o
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
        let path = Self.sourcePath(targets.from)
        func linked() -> Bool {
            if let path {
                session.bulkLinks.insert(
                    MappingSession.BulkLink(
                        mapping: mapping.index, relationship: relationship.name, targets: targets.mappings.map(\.index),
                        through: path.first))
            }
            return true
        }
        // An ordered to-many is linked even when its inverse was: only this side gives its objects' order.
        let ordered = relationship.isToMany && relationship.isOrdered
        if !ordered, let inverse, linkedThroughInverse(mapping, inverse, targets.mappings, targets.from, made, targetTable) {
            return linked()
        }
        // Each target's position among its object's, in the source's order, then by key (as the per-object
        // path, reading the source relationship in its order, gives them).
        let ranked: SQLFragment = """
            SELECT *, \(value: OrderPositions.step) * row_number() OVER (PARTITION BY d ORDER BY o IS NULL, o, t) AS n
            FROM (\(pairs))
            """
        try session.association.materialize()
        // Without an inverse, a to-many's key in its destination's table holds one owner, as an inverse to-one's
        // (an unordered one only: no order column of Core Data's is known for it).
        let ownerKey =
            inverse == nil && !ordered ? session.destination.toManyKey(relationship.name, of: destinationEntity) : nil
        if (inverse.map { !$0.isToMany && targetTable.columns[$0.name] != nil } ?? false) || ownerKey != nil {
            // Objects sharing a target: the per-object path leaves the target's key at the last one linked,
            // where an UPDATE … FROM would take any of them.
            let shared: SQLFragment = "SELECT t FROM (\(pairs)) GROUP BY t HAVING COUNT(*) > 1 LIMIT 1"
            guard try Int64.fetchOne(session.db, shared.request) == nil else { return false }
        }
        if !relationship.isToMany, let column = made.columns[relationship.name] {
            try update(made, [(column, "p.t")] + typed(made, relationship.name, "p.te"), pairs: pairs, key: "p.d")
            if let inverse, !inverse.isToMany, let back = targetTable.columns[inverse.name] {
                try update(targetTable, [(back, "p.d")] + typed(targetTable, inverse.name, "p.de"), pairs: pairs, key: "p.t")
            }
            return linked()
        }
        if let inverse, !inverse.isToMany {
            guard let back = targetTable.columns[inverse.name] else { return false }
            var assignments = [(back, "p.d" as SQLFragment)] + typed(targetTable, inverse.name, "p.de")
            if ordered, let order = targetTable.orderColumns[inverse.name] { assignments.append((order, "p.n")) }
            try update(targetTable, assignments, pairs: ordered ? ranked : pairs, key: "p.t")
            return linked()
        }
        if let ownerKey {
            try update(targetTable, [(ownerKey, "p.d")], pairs: pairs, key: "p.t")
            return linked()
        }
        guard let join = session.destination.orderedJoin(relationship.name, of: destinationEntity) else { return false }
        if ordered, let order = join.order {
            // `WHERE true` keeps SQLite from reading `ON CONFLICT` as a join constraint of the `SELECT`.
            try session.db.execute(
                """
                INSERT INTO \(join.table) (\([join.mine, join.theirs, order]))
                SELECT p.d, p.t, p.n FROM (\(ranked)) AS p WHERE true
                ON CONFLICT DO UPDATE SET \(order) = excluded.\(order)
                """)
        } else {
            try session.db.execute(
                """
                INSERT OR IGNORE INTO \(join.table) (\([join.mine, join.theirs]))
                SELECT p.d, p.t FROM (\(pairs)) AS p
                """)
        }
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

    /// The source relationships from `$source` to the objects a lookup reads: none for `$source`, one for
    /// `$source.<relationship>`; `nil` for any other expression.
    private static func sourcePath(_ from: Expression) -> [String]? {
        if from.kind == .variable("source") { return [] }
        guard case .key(let base, let name) = from.kind, base.kind == .variable("source") else { return nil }
        return [name]
    }

    /// Whether the inverse relationship was already linked in bulk from the same pairs, read the other way
    /// round, so every foreign key (or join row) this link would write is already written: the target
    /// mapping linked `inverse` to this mapping's objects by `$source` (when this link reads `$source`), or
    /// through the source relationship's inverse (when it reads `$source.<relationship>`: the store keeps
    /// both directions in one foreign key or join table, so the source pairs are the same); and every object
    /// either mapping recorded is of its made entity, which fits the other relationship (a policy may record
    /// objects of other entities, which one direction would read and the other not).
    private func linkedThroughInverse(
        _ mapping: ResolvedEntityMapping, _ inverse: Relationship, _ targets: [ResolvedEntityMapping], _ from: Expression,
        _ made: MappedEntityTable, _ targetTable: MappedEntityTable
    ) -> Bool {
        guard targets.count == 1, let target = targets.first, let path = Self.sourcePath(from),
            let targetEntity = target.destinationEntity, let targetMade = session.destination.entities[targetEntity.name],
            targetTable.familyNumbers.contains(targetMade.number),
            let back = session.destination.entities[inverse.destinationEntity], back.familyNumbers.contains(made.number),
            onlyMade(mapping, made), onlyMade(target, targetMade)
        else { return false }
        var reverse: String?
        if let name = path.first {
            let model = session.source.model
            guard let entity = mapping.sourceEntity, let targetSource = target.sourceEntity,
                let relationship = model.allRelationships(of: entity).first(where: { $0.name == name }),
                let sourceInverse = model.inverse(of: relationship),
                let targetSide = model.entity(named: relationship.destinationEntity),
                model.hierarchy(below: targetSide).contains(where: { $0.name == targetSource.name }),
                let mine = model.entity(named: sourceInverse.destinationEntity),
                model.hierarchy(below: mine).contains(where: { $0.name == entity.name })
            else { return false }
            reverse = sourceInverse.name
        }
        return session.bulkLinks.contains(
            MappingSession.BulkLink(mapping: target.index, relationship: inverse.name, targets: [mapping.index], through: reverse)
        )
    }

    /// Whether every object `mapping` recorded is of `made`'s entity.
    private func onlyMade(_ mapping: ResolvedEntityMapping, _ made: MappedEntityTable) -> Bool {
        (session.association.recordedEntities[mapping.index] ?? []).isSubset(of: [made.number])
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

    /// SQL joining a1's source object to the source objects `from` names: `$source`, or `$source.<relationship>`
    /// through a foreign key (to-one) or the inverse's foreign key (to-many); `order` is each one's position
    /// in that relationship when it is ordered (its `Z_FOK_` column), else `NULL`.
    private func sourceJoin(_ mapping: ResolvedEntityMapping, _ from: Expression) throws
        -> (join: SQLFragment, key: SQLFragment, order: SQLFragment)?
    {
        if from.kind == .variable("source") { return ("", "a1.\"source\"", "NULL") }
        guard case .key(let base, let name) = from.kind, base.kind == .variable("source"),
            let entity = mapping.sourceEntity, let table = session.source.entities[entity.name],
            let relationship = table.relationships[name]
        else { return nil }
        if !relationship.isToMany {
            guard let column = table.columns[name] else { return nil }
            return ("JOIN \(table.table) s ON s.Z_PK = a1.\"source\"", "s.\(column)", "NULL")
        }
        guard let inverse = session.source.model.inverse(of: relationship), !inverse.isToMany else {
            if session.source.model.inverse(of: relationship) == nil, let key = session.source.toManyKey(name, of: entity),
                let other = session.source.entities[relationship.destinationEntity]
            {
                return (
                    "JOIN \(other.table) s ON s.\(key) = a1.\"source\" AND s.Z_ENT IN (\(values: other.familyNumbers))", "s.Z_PK",
                    "NULL"
                )
            }
            guard let join = session.source.orderedJoin(name, of: entity) else { return nil }
            let order: SQLFragment = relationship.isOrdered ? join.order.map { "j.\($0)" } ?? "NULL" : "NULL"
            return ("JOIN \(join.table) j ON j.\(join.mine) = a1.\"source\"", "j.\(join.theirs)", order)
        }
        guard let other = session.source.entities[relationship.destinationEntity], let column = other.columns[inverse.name]
        else { return nil }
        let order: SQLFragment = relationship.isOrdered ? other.orderColumns[inverse.name].map { "s.\($0)" } ?? "NULL" : "NULL"
        return (
            "JOIN \(other.table) s ON s.\(column) = a1.\"source\" AND s.Z_ENT IN (\(values: other.familyNumbers))", "s.Z_PK",
            order
        )
    }
}
