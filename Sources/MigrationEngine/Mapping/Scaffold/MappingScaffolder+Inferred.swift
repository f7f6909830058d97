extension MappingScaffolder {
    /// The scaffold of the inferred mapping (what lightweight migration would do) between the two versions:
    /// every entity and property it carries over, written out, and a placeholder for each property it cannot
    /// infer or would probably lose (a likely rename without a renaming identifier), with the reason.
    ///
    /// - Throws: ``MappingFileError`` when the written-out mapping does not fit the versions (a bug, not input).
    package func scaffoldInferred() throws(MappingFileError) -> MappingScaffold {
        let inferred = InferredMapping.infer(from: source, to: destination)
        let names = Dictionary(
            inferred.entities.map { ($0.destination, EntityMapping.defaultName(source: $0.source, destination: $0.destination)) },
            uniquingKeysWith: { first, _ in first })
        let mappings = inferred.entities.map { entity in
            guard let from = entity.source else {
                return EntityMapping(
                    name: names[entity.destination]!, kind: .add, sourceEntity: nil, destinationEntity: entity.destination)
            }
            var mapping = EntityMapping(
                name: names[entity.destination]!, kind: .transform, sourceEntity: from, destinationEntity: entity.destination)
            for property in entity.attributes {
                guard let name = property.source else { continue }
                var value = Expression.sourceKey(name)
                if property.becomesRequired, let fallback = property.defaultValue.flatMap(Self.literal) {
                    value = Expression(.call(name: "coalesce", arguments: [value, fallback]))
                }
                mapping.attributes.append(PropertyMapping(name: property.destination, value: MappingExpression(value)))
            }
            // A renamed relationship is looked up through the source relationship, as Core Data's inferred
            // mapping model does, not through its destination entity's mapping by name: that finds only the
            // objects that one mapping made, so members of a sub-entity (made by the sub-entity's own
            // mapping) were dropped from the relationship without a word (generated seeds 81, 97, 114, …).
            for property in entity.relationships where property.isRenamed {
                guard let name = property.source else { continue }
                mapping.relationships.append(
                    PropertyMapping(name: property.destination, value: MappingExpression(.relationshipLookup(name))))
            }
            return mapping
        }
        let model = MappingModel(
            sourceVersion: source.name, destinationVersion: destination.name, entityMappings: mappings,
            copiesUnmappedEntities: false)
        var scaffold = try scaffold(model, origin: "the inferred mapping")
        scaffold.header = [
            "cdmigrate mapping file for \(source.name) → \(destination.name), scaffolded by cdmigrate from the inferred",
            "mapping (what lightweight migration would do), every value written out.",
        ]
        var templated = false
        for reason in inferred.notInferable {
            templated = true
            scaffold.mark(entity: reason.entity, property: reason.property, comment: "cannot be inferred: \(reason.reason)")
        }
        // Inferred on a condition the user's stores may break: the file must say what such objects get.
        for condition in inferred.conditions {
            templated = true
            scaffold.mark(
                entity: condition.entity, property: condition.property,
                comment: "\(condition.reason): objects without a value need one")
        }
        for suggestion in inferred.suggestedRenames {
            templated = true
            scaffold.mark(
                entity: suggestion.entity, property: suggestion.to,
                comment: "probably \(suggestion.from) renamed: $source.\(suggestion.from) keeps its values")
        }
        if !inferred.droppedEntities.isEmpty {
            scaffold.header.append("Dropped: no mapping reads \(inferred.droppedEntities.joined(separator: ", ")).")
        }
        if templated {
            scaffold.header += [
                "Replace every \(ScaffoldValue.placeholderText) with an expression (docs/guide/mapping-files.md; nil leaves a property",
                "empty). Until then the file is refused, naming the line of each value still to write.",
            ]
        }
        return scaffold
    }

    /// A default value as an expression literal.
    private static func literal(_ value: DefaultLiteral) -> Expression? {
        switch value {
        case .integer(let number): Expression(.literal(.integer(number)))
        case .real(let number): Expression(.literal(.double(number)))
        case .text(let text): Expression(.literal(.string(text)))
        case .blob: nil
        }
    }
}

extension MappingScaffold {
    /// Turns a property of the mappings that make `entity` into a placeholder, or notes the reason on the
    /// mapping when it concerns the whole entity.
    mutating func mark(entity: String, property: String?, comment: String) {
        for index in mappings.indices where mappings[index].destination == entity {
            guard let property else {
                mappings[index].notes.append("\(mappings[index].name): \(comment)")
                continue
            }
            for slot in mappings[index].attributes.indices where mappings[index].attributes[slot].name == property {
                mappings[index].attributes[slot] = ScaffoldProperty(name: property, value: .placeholder, comment: comment)
            }
            for slot in mappings[index].relationships.indices where mappings[index].relationships[slot].name == property {
                mappings[index].relationships[slot] = ScaffoldProperty(name: property, value: .placeholder, comment: comment)
            }
        }
    }
}
