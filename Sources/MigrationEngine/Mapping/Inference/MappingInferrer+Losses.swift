extension MappingInferrer {
    /// What the mapping drops that holds data of its own.
    func drops(entities: [InferredEntityMapping], droppedEntities: [String]) -> [DataLoss] {
        var losses = droppedEntities.map { DataLoss(kind: .entity, entity: $0) }
        for entity in entities {
            guard let name = entity.source, let from = source.entity(named: name) else { continue }
            losses += entity.droppedAttributes.map { DataLoss(kind: .attribute, entity: name, property: $0) }
            let relationships = source.allRelationships(of: from)
            for dropped in entity.droppedRelationships {
                guard let relationship = relationships.first(where: { $0.name == dropped }),
                    !relationship.isToMany || source.inverse(of: relationship)?.isToMany == true
                else { continue }
                losses.append(DataLoss(kind: .relationship, entity: name, property: dropped))
            }
        }
        return losses
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
