/// Checks a ``MappingModel`` against its source and destination model versions and spells out each
/// mapping's values. Problems are reported as ``MappingFileError``s pointing into the mapping file.
package struct MappingResolver {
    /// The mapping being checked.
    package let model: MappingModel
    /// The source model version.
    package let source: ObjectModel
    /// The destination model version.
    package let destination: ObjectModel
    /// The functions expressions may call.
    package let functions: ExpressionFunctions

    /// Creates a resolver.
    package init(model: MappingModel, source: ObjectModel, destination: ObjectModel, functions: ExpressionFunctions) {
        self.model = model
        self.source = source
        self.destination = destination
        self.functions = functions
    }

    private var path: String { model.path ?? "mapping \(model.sourceVersion) → \(model.destinationVersion)" }

    /// Every mapping, in run order, implicit copies of unmapped entities included.
    package func resolve() throws(MappingFileError) -> [ResolvedEntityMapping] {
        var mappings = model.entityMappings.map { ($0, false) }
        if model.copiesUnmappedEntities {
            let read = Set(model.entityMappings.compactMap(\.sourceEntity))
            for entity in source.entities
            where !read.contains(entity.name) && !entity.isAbstract
                && destination.entity(named: entity.name) != nil
            {
                let mapping = EntityMapping(
                    name: EntityMapping.defaultName(source: entity.name, destination: entity.name), kind: .copy,
                    sourceEntity: entity.name, destinationEntity: entity.name)
                if !mappings.contains(where: { $0.0.name == mapping.name }) { mappings.append((mapping, true)) }
            }
        }
        let names = Set(mappings.map(\.0.name))
        var resolved = try mappings.enumerated().map { (index, item) throws(MappingFileError) in
            try resolve(item.0, index: MappingNumber(index + 1), implicit: item.1, names: names)
        }
        for index in resolved.indices {
            for slot in resolved[index].relationships.indices {
                let name = resolved[index].relationships[slot].relationship.name
                guard resolved[index].mapping.relationship(name) == nil else { continue }
                let generated: Expression
                do {
                    generated = try resolved.generatedLookup(
                        name, from: resolved[index], source: source, destination: destination)
                } catch {
                    throw fail(nil, "entity mapping \(resolved[index].mapping.name), relationship \(name): \(error)")
                }
                resolved[index].relationships[slot].value = MappingExpression(generated)
            }
        }
        return resolved
    }

    private func fail(_ position: SourcePosition?, _ message: String) -> MappingFileError {
        MappingFileError(path: path, at: position, message)
    }

    private func resolve(_ mapping: EntityMapping, index: MappingNumber, implicit: Bool, names: Set<String>)
        throws(MappingFileError) -> ResolvedEntityMapping
    {
        let sourceEntity = try mapping.sourceEntity.map { (name) throws(MappingFileError) in
            guard let entity = source.entity(named: name) else {
                throw fail(mapping.position, "mapping \(mapping.name): the source version \(source.name) has no entity \(name)")
            }
            return entity
        }
        let destinationEntity = try mapping.destinationEntity.map { (name) throws(MappingFileError) in
            guard let entity = destination.entity(named: name) else {
                throw fail(
                    mapping.position, "mapping \(mapping.name): the destination version \(destination.name) has no entity \(name)"
                )
            }
            return entity
        }
        var resolved = ResolvedEntityMapping(
            index: index, mapping: mapping, sourceEntity: sourceEntity, destinationEntity: destinationEntity,
            attributes: [], relationships: [], isImplicit: implicit)
        for expression in [mapping.filter, mapping.mergeKey].compactMap({ $0 }) {
            try check(expression, in: mapping, sourceEntity: sourceEntity, names: names)
        }
        guard let destinationEntity else {
            if let extra = mapping.attributes.first ?? mapping.relationships.first {
                throw fail(extra.position, "mapping \(mapping.name) makes no destination objects, so it cannot set \(extra.name)")
            }
            return resolved
        }
        let sourceAttributes = sourceEntity.map { Set(source.allAttributes(of: $0).filter { !$0.isTransient }.map(\.name)) } ?? []
        let sourceRelationships = sourceEntity.map { Set(source.allRelationships(of: $0).map(\.name)) } ?? []
        let attributes = destination.allAttributes(of: destinationEntity).filter { !$0.isTransient }
        let relationships = destination.allRelationships(of: destinationEntity).filter { !$0.isTransient }
        for listed in mapping.attributes where !attributes.contains(where: { $0.name == listed.name }) {
            throw fail(
                listed.position,
                "mapping \(mapping.name): \(destinationEntity.name) in \(destination.name) has no attribute \(listed.name)")
        }
        for listed in mapping.relationships where !relationships.contains(where: { $0.name == listed.name }) {
            throw fail(
                listed.position,
                "mapping \(mapping.name): \(destinationEntity.name) in \(destination.name) has no relationship \(listed.name)")
        }
        for attribute in attributes {
            if let listed = mapping.attribute(attribute.name) {
                if let value = listed.value { try check(value, in: mapping, sourceEntity: sourceEntity, names: names) }
                resolved.attributes.append((attribute, listed.value))
            } else if sourceAttributes.contains(attribute.name) {
                resolved.attributes.append((attribute, MappingExpression(.sourceKey(attribute.name))))
            } else {
                resolved.attributes.append((attribute, nil))
            }
        }
        for relationship in relationships {
            if let listed = mapping.relationship(relationship.name) {
                guard let value = listed.value else { continue }
                try check(value, in: mapping, sourceEntity: sourceEntity, names: names)
                resolved.relationships.append((relationship, value))
            } else if sourceRelationships.contains(relationship.name) {
                resolved.relationships.append((relationship, MappingExpression(.relationshipLookup(relationship.name))))
            }
        }
        return resolved
    }
}
