/// Computes an ``InferredMapping``: matches entities, then each entity's properties.
struct MappingInferrer {
    let source: ObjectModel
    let destination: ObjectModel
    private var notInferable: [NotInferable] = []
    private var warnings: [String] = []
    var suggestions: [RenameSuggestion] = []

    private let sourceEntities: RenameIndex<Entity>
    /// Source entity name → the first destination entity taking its objects.
    private let destinationNames: [String: String]

    init(source: ObjectModel, destination: ObjectModel) {
        self.source = source
        self.destination = destination
        let index = RenameIndex(source.entities, name: \.name, renaming: \.renamingIdentifier)
        var names: [String: String] = [:]
        for entity in destination.entities {
            if let from = index.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name),
                names[from.name] == nil
            {
                names[from.name] = entity.name
            }
        }
        sourceEntities = index
        destinationNames = names
    }

    /// The source entity a destination entity takes its objects from (see ``RenameIndex/match(key:ownName:)``).
    func sourceEntity(for entity: Entity) -> Entity? {
        sourceEntities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name)
    }

    mutating func infer() -> InferredMapping {
        var mappings: [InferredEntityMapping] = []
        var used: Set<String> = []
        for entity in destination.entities {
            guard let from = sourceEntity(for: entity), !used.contains(from.name) else {
                mappings.append(
                    InferredEntityMapping(
                        destination: entity.name, source: nil,
                        attributes: destination.allAttributes(of: entity).filter(SchemaBuilder.isStored).map {
                            InferredPropertyMapping(
                                kind: .attribute, destination: $0.name, source: nil, defaultValue: DefaultLiteral(attribute: $0))
                        },
                        relationships: destination.allRelationships(of: entity).filter { !$0.isTransient }.map {
                            InferredPropertyMapping(kind: .relationship, destination: $0.name, source: nil)
                        }))
                continue
            }
            used.insert(from.name)
            mappings.append(map(entity, from: from))
        }
        let dropped = source.entities.map(\.name).filter { !used.contains($0) }
        return InferredMapping(
            sourceVersion: source.name, destinationVersion: destination.name, entities: mappings,
            droppedEntities: dropped, notInferable: notInferable, warnings: warnings, suggestedRenames: suggestions,
            drops: drops(entities: mappings, droppedEntities: dropped))
    }

    private mutating func map(_ entity: Entity, from: Entity) -> InferredEntityMapping {
        var mapping = InferredEntityMapping(destination: entity.name, source: from.name)
        if entity.parentName != from.parentName.flatMap(destinationName(ofSource:)) {
            mapping.parentChange = .init(from: from.parentName, to: entity.parentName)
        }
        if entity.isAbstract && !from.isAbstract {
            notInferable.append(NotInferable(entity: entity.name, reason: "becomes abstract; its objects would have no entity"))
        }
        let sourceAttributes = source.allAttributes(of: from).filter(SchemaBuilder.isStored)
        let attributeIndex = RenameIndex(sourceAttributes, name: \.name, renaming: \.renamingIdentifier)
        var usedAttributes: Set<String> = []
        for attribute in destination.allAttributes(of: entity).filter(SchemaBuilder.isStored) {
            let match = attributeIndex.match(key: attribute.renamingIdentifier ?? attribute.name, ownName: attribute.name)
            guard let match, !usedAttributes.contains(match.name) else {
                mapping.attributes.append(added(attribute, in: entity))
                continue
            }
            usedAttributes.insert(match.name)
            mapping.attributes.append(mapAttribute(attribute, from: match, in: entity))
        }
        mapping.droppedAttributes = sourceAttributes.map(\.name).filter { !usedAttributes.contains($0) }
        let sourceRelationships = source.allRelationships(of: from).filter { !$0.isTransient }
        let relationshipIndex = RenameIndex(sourceRelationships, name: \.name, renaming: \.renamingIdentifier)
        var usedRelationships: Set<String> = []
        for relationship in destination.allRelationships(of: entity) where !relationship.isTransient {
            let match = relationshipIndex.match(
                key: relationship.renamingIdentifier ?? relationship.name, ownName: relationship.name)
            guard let match, !usedRelationships.contains(match.name) else {
                mapping.relationships.append(
                    InferredPropertyMapping(kind: .relationship, destination: relationship.name, source: nil))
                if !relationship.isOptional && !relationship.isToMany {
                    notInferable.append(
                        NotInferable(
                            entity: entity.name, property: relationship.name,
                            reason: "new required to-one relationship; existing objects would have nothing to point to"))
                }
                continue
            }
            usedRelationships.insert(match.name)
            mapping.relationships.append(mapRelationship(relationship, from: match, in: entity))
        }
        mapping.droppedRelationships = sourceRelationships.map(\.name).filter { !usedRelationships.contains($0) }
        suggestRenames(mapping, sourceEntity: from, entity: entity)
        return mapping
    }

    private mutating func added(_ attribute: Attribute, in entity: Entity) -> InferredPropertyMapping {
        let value = DefaultLiteral(attribute: attribute)
        if !attribute.isOptional && value == nil {
            notInferable.append(
                NotInferable(
                    entity: entity.name, property: attribute.name,
                    reason: "new required attribute without a default value"))
        }
        return InferredPropertyMapping(kind: .attribute, destination: attribute.name, source: nil, defaultValue: value)
    }

    private mutating func mapAttribute(_ attribute: Attribute, from: Attribute, in entity: Entity) -> InferredPropertyMapping {
        var mapping = InferredPropertyMapping(kind: .attribute, destination: attribute.name, source: from.name)
        if attribute.type != from.type && attribute.type.isNumeric && from.type.isNumeric {
            mapping.convertsTo = attribute.type
        } else if attribute.type != from.type {
            notInferable.append(
                NotInferable(
                    entity: entity.name, property: attribute.name,
                    reason: "type changes from \(from.type.rawValue) to \(attribute.type.rawValue)"))
        }
        if from.isOptional && !attribute.isOptional {
            mapping.becomesRequired = true
            mapping.defaultValue = DefaultLiteral(attribute: attribute)
            if mapping.defaultValue == nil {
                notInferable.append(
                    NotInferable(
                        entity: entity.name, property: attribute.name,
                        reason: "becomes required without a default value for objects that have none"))
            }
        }
        mapping.becomesOptional = !from.isOptional && attribute.isOptional
        return mapping
    }

    private mutating func mapRelationship(_ relationship: Relationship, from: Relationship, in entity: Entity)
        -> InferredPropertyMapping
    {
        var mapping = InferredPropertyMapping(kind: .relationship, destination: relationship.name, source: from.name)
        let fail = { (reason: String) in NotInferable(entity: entity.name, property: relationship.name, reason: reason) }
        if let target = destination.entity(named: relationship.destinationEntity),
            sourceEntity(for: target)?.name != from.destinationEntity
        {
            notInferable.append(
                fail("now points to \(relationship.destinationEntity), not to what \(from.destinationEntity) became"))
        }
        // To-one → to-many (and ordered ↔ unordered) keeps every link; the reverse would have to pick one.
        if from.isToMany && !relationship.isToMany {
            notInferable.append(fail("becomes to-one: objects related to several would keep only one"))
        } else if relationship.isToMany && destination.inverse(of: relationship) == nil,
            source.inverse(of: from)?.isToMany == true
        {
            // Without an inverse each object can be in one set only (its key column holds one owner).
            notInferable.append(fail("loses its to-many inverse: objects in several sets would keep only one"))
        }
        if from.isOptional && !relationship.isOptional && !relationship.isToMany {
            mapping.becomesRequired = true
            warnings.append(
                "\(entity.name).\(relationship.name) becomes required: objects without one will fail validation in the app")
        }
        mapping.becomesOptional = !from.isOptional && relationship.isOptional
        return mapping
    }

    func destinationName(ofSource name: String) -> String? {
        destinationNames[name]
    }
}
