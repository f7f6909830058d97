extension MappingInferrer {
    /// What an entity's mapping drops that holds data of its own: every dropped attribute, and each dropped
    /// relationship whose links are kept nowhere else (``InferenceIndex/EntityProperties/holdingLinks``).
    func drops(_ entity: InferredEntityMapping, holdingLinks: Set<String>) -> [DataLoss] {
        guard let name = entity.source else { return [] }
        return entity.droppedAttributes.map { DataLoss(kind: .attribute, entity: name, property: $0) }
            + entity.droppedRelationships.filter(holdingLinks.contains).map {
                DataLoss(kind: .relationship, entity: name, property: $0)
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
