import GRDB

extension MappingSession {
    /// Stage 3 for one mapping: its policy's checks.
    func validate(_ mapping: ResolvedEntityMapping) throws {
        guard let policy = policies[mapping.index] else { return }
        current = nil
        do {
            try policy.validate(mapping: mapping.mapping, context: self)
        } catch {
            throw failure(error, mapping: mapping, object: nil, expression: nil)
        }
    }

    /// Every required attribute and to-one relationship of the destination has a value: one pass over each
    /// entity's rows finds the first row leaving any of them empty (a pass per attribute read the table as
    /// many times).
    func checkRequiredValues() throws {
        for table in destination.entities.values.sorted(by: { $0.number < $1.number }) where !table.entity.isAbstract {
            let model = destination.model
            let names =
                model.allAttributes(of: table.entity).filter { !$0.isOptional && !$0.isTransient }.map(\.name)
                + model.allRelationships(of: table.entity).filter { !$0.isOptional && !$0.isToMany && !$0.isTransient }.map(
                    \.name)
            let required = names.compactMap { name in
                table.columns[name].map { (name: name, empty: "\($0) IS NULL" as SQLFragment) }
            }
            guard !required.isEmpty else { continue }
            let query: SQLFragment = """
                SELECT Z_PK, \(SQLFragment.joined(required.map(\.empty))) FROM \(table.table) \
                WHERE Z_ENT = \(value: table.number) AND (\(SQLFragment.joined(required.map(\.empty), separator: " OR "))) LIMIT 1
                """
            guard let row = try Row.fetchOne(db, query.request) else { continue }
            let name = required.indices.first { (row[$0 + 1] as Bool?) == true }.map { required[$0].name } ?? required[0].name
            throw MappingRuntimeError(
                mapping: "validation", entity: table.entity.name, primaryKey: row[0], expression: nil,
                location: mappingPath, message: "required \(name) has no value in the migrated store")
        }
    }

    /// Every ordered to-many stage 2 linked from the source relationship it was read from keeps that
    /// relationship's order, however it was linked: object by object (``linkDefaults(_:destination:source:)``)
    /// or in bulk (``RelationshipBulkLinker``, which ranks the members by their source positions in SQL). Where
    /// the owners and the members kept their source keys, each owner's members in the destination's order are
    /// in the source's. A store validated alone cannot show an order lost (any order is a valid one), so the
    /// step checks it while it still has its source; a relationship a policy linked itself is left to the
    /// policy. Positions ``OrderPositions/fillMissing(_:in:)`` gives come after every position a link gave, so
    /// they reorder nothing this compares; those it gives members linked only from their to-one side, in their
    /// source objects' order, are compared too (``checkToOneSideOrders(_:)``).
    func checkKeptOrders() throws {
        for mapping in mappings where keyPreserving.contains(mapping.index) && !madeByOtherMappings.contains(mapping.index) {
            guard let sourceEntity = mapping.sourceEntity, let destinationEntity = mapping.destinationEntity else { continue }
            for (relationship, value) in mapping.relationships where relationship.isOrdered {
                guard linked(mapping, relationship), !policyLinks.contains(relationship.name),
                    !policyLinks.contains(destination.model.inverse(of: relationship)?.name ?? ""),
                    let lookup = try lookup(mapping, value.expression), !lookup.mappings.isEmpty,
                    lookup.mappings.allSatisfy({ keyPreserving.contains($0.index) && !madeByOtherMappings.contains($0.index) }),
                    case .key(let base, let name) = lookup.from.kind, base.kind == .variable("source"),
                    let read = source.model.allRelationships(of: sourceEntity).first(where: { $0.name == name }),
                    let before = source.orderedMembers(read, of: sourceEntity),
                    let after = destination.orderedMembers(relationship, of: destinationEntity)
                else { continue }
                guard let owner = try OrderPositions.firstReordered(db, before: before, after: after) else { continue }
                throw MappingRuntimeError(
                    mapping: "validation", entity: destinationEntity.name, primaryKey: owner, expression: nil,
                    location: mappingPath,
                    message: "the ordered relationship \(relationship.name) lost the order of the source's "
                        + "\(sourceEntity.name).\(name)")
            }
            try checkToOneSideOrders(mapping)
        }
    }

    /// The members a mapping linked only from their to-one side (`Note.book` from `$source.book`, the ordered
    /// `Book.notes` left without a value) are given positions by ``fillMissingPositions()`` in the order their
    /// source objects held in the source's ordered inverse; where owners and members kept their source keys,
    /// each owner's members must be in that order, or the step fails naming the owner.
    private func checkToOneSideOrders(_ mapping: ResolvedEntityMapping) throws {
        guard let sourceEntity = mapping.sourceEntity else { return }
        for (relationship, value) in mapping.relationships where !relationship.isToMany {
            guard let inverse = destination.model.inverse(of: relationship), inverse.isOrdered,
                !policyLinks.contains(relationship.name), !policyLinks.contains(inverse.name),
                let lookup = try lookup(mapping, value.expression), !lookup.mappings.isEmpty,
                lookup.mappings.allSatisfy({ keyPreserving.contains($0.index) && !madeByOtherMappings.contains($0.index) }),
                // An ordered side its owners' mapping linked is compared where it was linked.
                !lookup.mappings.contains(where: { linked($0, inverse) }),
                case .key(let base, let name) = lookup.from.kind, base.kind == .variable("source"),
                let read = source.model.allRelationships(of: sourceEntity).first(where: { $0.name == name }), !read.isToMany,
                let heldBy = source.model.inverse(of: read), heldBy.isOrdered,
                let sourceOwner = source.model.entity(named: read.destinationEntity),
                let owner = destination.model.entity(named: relationship.destinationEntity),
                let before = source.orderedMembers(heldBy, of: sourceOwner),
                let after = destination.orderedMembers(inverse, of: owner)
            else { continue }
            guard let key = try OrderPositions.firstReordered(db, before: before, after: after) else { continue }
            throw MappingRuntimeError(
                mapping: "validation", entity: owner.name, primaryKey: key, expression: nil, location: mappingPath,
                message: "the ordered relationship \(inverse.name) lost the order of the source's "
                    + "\(sourceOwner.name).\(heldBy.name)")
        }
    }

    /// Whether stage 2 linked `relationship` of `mapping` as the mapping says, object by object or in bulk (a
    /// policy customizing stage 2 may link neither way).
    private func linked(_ mapping: ResolvedEntityMapping, _ relationship: Relationship) -> Bool {
        linkedObjectByObject.contains(mapping.index)
            || bulkLinks.contains { $0.mapping == mapping.index && $0.relationship == relationship.name }
    }
}
