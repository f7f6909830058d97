extension MappingInferrer {
    /// What an entity's mapping drops that holds data of its own: every dropped attribute, and each dropped
    /// relationship whose links are kept nowhere else (``InferenceIndex/EntityProperties/holdingLinks``), nor by
    /// its inverse (``keptByInverse(_:of:in:mapping:)``), or whose inverse no longer points at its objects
    /// (``leavesInverseTarget(_:of:in:mapping:)``); `mapping` gives the step's mapping of a source entity, by name.
    func drops(
        _ entity: InferredEntityMapping, holdingLinks: Set<String>, mapping: (String) -> InferredEntityMapping?
    ) -> [DataLoss] {
        guard let name = entity.source else { return [] }
        let owner = source.entity(named: name)
        return entity.droppedAttributes.map { DataLoss(kind: .attribute, entity: name, property: $0) }
            + entity.droppedRelationships.filter { dropped in
                guard holdingLinks.contains(dropped) else {
                    return owner.map { leavesInverseTarget(dropped, of: $0, in: entity, mapping: mapping) } ?? false
                }
                guard let owner else { return true }
                return !keptByInverse(dropped, of: owner, in: entity, mapping: mapping)
            }.map { DataLoss(kind: .relationship, entity: name, property: $0) }
    }

    /// Whether the objects of `owner` (a source entity whose destination entity, `entityMapping`, drops `name`, a
    /// to-many whose to-one inverse holds its links) stop being objects of what that inverse points at while the
    /// inverse is carried: a sub-entity leaving its parent (`Special` no longer an `Item`, `Note.item` still
    /// pointing at Items). The inverse's key cannot keep naming them, so the copy clears it
    /// (``InferredCopyBuilder``) and these links are the loss, counted where the store keeps them (its key).
    /// `mapping` gives the step's mapping of a source entity, by name.
    func leavesInverseTarget(
        _ name: String, of owner: Entity, in entityMapping: InferredEntityMapping,
        mapping: (String) -> InferredEntityMapping?
    ) -> Bool {
        guard let relationship = source.allRelationships(of: owner).first(where: { $0.name == name }), relationship.isToMany,
            let inverse = source.inverse(of: relationship), !inverse.isToMany,
            let target = source.entity(named: relationship.destinationEntity)
        else { return false }
        return source.hierarchy(below: target).contains { member in
            guard let (_, pointed) = carried(inverse, of: member, mapping: mapping) else { return false }
            return !destination.hierarchy(below: pointed).contains { $0.name == entityMapping.destination }
        }
    }

    /// The destination relationship that carries `inverse` (a source relationship of `member`'s objects) for
    /// them, and the entity it points at; nil where `member`'s mapping drops it. `mapping` gives the step's
    /// mapping of a source entity, by name.
    private func carried(_ inverse: Relationship, of member: Entity, mapping: (String) -> InferredEntityMapping?)
        -> (kept: Relationship, pointed: Entity)?
    {
        guard let memberMapping = mapping(member.name),
            let carried = memberMapping.relationships.first(where: { $0.source == inverse.name }),
            let members = destination.entity(named: memberMapping.destination),
            let kept = destination.allRelationships(of: members).first(where: { $0.name == carried.destination }),
            let pointed = destination.entity(named: kept.destinationEntity)
        else { return nil }
        return (kept, pointed)
    }

    /// Whether every link the relationship `name` gives the objects of `owner` (a source entity whose
    /// destination entity, `entityMapping`, drops it) is kept by its inverse: each entity whose objects can be its
    /// members takes the inverse into the destination, as a to-one or a to-many as before and without an
    /// inverse of its own, pointing at an entity that `owner`'s objects still are. The copy fills such a
    /// relationship's key from the links as the source kept them (``LinkStorage``), and a key of its own holds
    /// them all (the dropped side held one owner per member, or it was a to-one itself), so a `Note.book`
    /// dropped while `Book.notes` stays loses nothing: each book keeps its notes, now in a key column of the
    /// notes' table. An inverse gaining an inverse of its own keeps them only where that new inverse takes its
    /// links (``InferredPropertyMapping/mergesMembershipsOf``: ProtonMail's `ContextLabel.conversations` dropped,
    /// the new to-one `conversation` taking `Conversation.labels`' links), whose merge counts what it cannot keep.
    /// An ordered to-many without an inverse has no order column in the stores we lay out (store-schema.md:
    /// none is confirmed), so its members' order would be lost: the drop stays a loss there. `mapping` gives
    /// the step's mapping of a source entity, by name.
    func keptByInverse(
        _ name: String, of owner: Entity, in entityMapping: InferredEntityMapping,
        mapping: (String) -> InferredEntityMapping?
    ) -> Bool {
        guard let relationship = source.allRelationships(of: owner).first(where: { $0.name == name }),
            let inverse = source.inverse(of: relationship), let target = source.entity(named: relationship.destinationEntity)
        else { return false }
        return source.hierarchy(below: target).allSatisfy { member in
            guard let (kept, pointed) = carried(inverse, of: member, mapping: mapping),
                kept.isToMany == inverse.isToMany, !(kept.isToMany && kept.isOrdered && kept.inverseName == nil)
            else { return false }
            if let gained = destination.inverse(of: kept) {
                // Its new inverse takes the links (a to-one keeping one owner per member); the merge counts the rest.
                let gainedOwner = destination.entity(named: kept.inverseEntity ?? kept.destinationEntity)
                let declaring = gainedOwner.map { destination.declaringEntity(of: gained.name, from: $0) } ?? ""
                let sourceOwner = source.entity(named: relationship.inverseEntity ?? relationship.destinationEntity)
                let inverseDeclaring = sourceOwner.map { source.declaringEntity(of: inverse.name, from: $0) } ?? ""
                guard mergedInverses["\(declaring).\(gained.name)"] == "\(inverseDeclaring).\(inverse.name)" else {
                    return false
                }
            }
            return destination.hierarchy(below: pointed).contains { $0.name == entityMapping.destination }
        }
    }

    /// Records a likely rename: in one entity, one property of a type dropped and one of it added.
    mutating func suggestRenames(_ mapping: InferredEntityMapping, sourceEntity: Entity, entity: Entity) {
        let (newAttributes, oldAttributes) = (destination.allAttributes(of: entity), source.allAttributes(of: sourceEntity))
        let added = mapping.attributes.filter(\.isAdded).compactMap { m in newAttributes.first { $0.name == m.destination } }
        let dropped = mapping.droppedAttributes.compactMap { name in oldAttributes.first { $0.name == name } }
        if added.count == 1, dropped.count == 1, added[0].type == dropped[0].type {
            suggestions.append(RenameSuggestion(entity: entity.name, from: dropped[0].name, to: added[0].name))
        }
        let (newLinks, oldLinks) = (destination.allRelationships(of: entity), source.allRelationships(of: sourceEntity))
        let addedLinks = mapping.relationships.filter(\.isAdded).compactMap { m in newLinks.first { $0.name == m.destination } }
        let droppedLinks = mapping.droppedRelationships.compactMap { name in oldLinks.first { $0.name == name } }
        if addedLinks.count == 1, droppedLinks.count == 1, addedLinks[0].isToMany == droppedLinks[0].isToMany,
            destinationName(ofSource: droppedLinks[0].destinationEntity) == addedLinks[0].destinationEntity
        {
            suggestions.append(RenameSuggestion(entity: entity.name, from: droppedLinks[0].name, to: addedLinks[0].name))
        }
    }
}
