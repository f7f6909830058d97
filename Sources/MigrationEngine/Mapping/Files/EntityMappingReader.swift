/// Reads one entry of a mapping file's `mappings` list.
enum EntityMappingReader {
    static let keys = [
        "name", "kind", "source", "destination", "filter", "attributes", "relationships", "merge", "policy", "userInfo",
    ]

    static func read(_ item: YAMLField) throws(MappingFileError) -> EntityMapping {
        var values: [String: YAMLField] = [:]
        for (key, value) in try item.fields("a mapping", allowed: keys) { values[key] = value }
        let source = try values["source"]?.string("source")
        let destination = try values["destination"]?.string("destination")
        let policy = try values["policy"]?.string("policy")
        let kind = try kind(values["kind"], source: source, destination: destination, policy: policy, item: item)
        var mapping = EntityMapping(
            name: try values["name"]?.string("name") ?? EntityMapping.defaultName(source: source, destination: destination),
            kind: kind, sourceEntity: source, destinationEntity: destination,
            filter: try values["filter"]?.expression("filter"), mergeKey: try values["merge"]?.expression("merge"),
            policy: policy, position: item.position)
        for (key, value, _) in try values["userInfo"]?.keyedFields("userInfo") ?? [] {
            mapping.userInfo[key] = try value.string("userInfo \(key)")
        }
        for (name, value, position) in try values["attributes"]?.keyedFields("attributes") ?? [] {
            mapping.attributes.append(
                PropertyMapping(name: name, value: try value.expression("attribute \(name)"), position: position))
        }
        for (name, value, position) in try values["relationships"]?.keyedFields("relationships") ?? [] {
            mapping.relationships.append(
                PropertyMapping(name: name, value: try relationshipValue(name, value), position: position))
        }
        return mapping
    }

    private static func kind(
        _ field: YAMLField?, source: String?, destination: String?, policy: String?, item: YAMLField
    ) throws(MappingFileError) -> EntityMappingKind {
        guard let field else {
            if policy != nil { return .custom }
            switch (source, destination) {
            case (_?, _?): return .transform
            case (_?, nil): return .remove
            case (nil, _?): return .add
            case (nil, nil): throw item.fail("a mapping needs a source entity, a destination entity, or both")
            }
        }
        let text = try field.string("kind")
        guard let kind = EntityMappingKind(rawValue: text) else {
            throw field.fail("unknown mapping kind \"\(text)\"; expected copy, add, remove, transform or custom")
        }
        let problem: String? =
            switch kind {
            case .copy, .transform: source == nil || destination == nil ? "needs both source and destination" : nil
            case .add: destination == nil ? "needs a destination" : source != nil ? "takes no source" : nil
            case .remove: source == nil ? "needs a source" : destination != nil ? "takes no destination" : nil
            case .custom: policy == nil ? "needs a policy" : nil
            }
        if let problem { throw field.fail("a \(kind.rawValue) mapping \(problem)") }
        return kind
    }

    /// A relationship value: an expression, or `{ mapping: Name, from: expression }`, which means
    /// "the destination objects that mapping Name made from these source objects" (`from` defaults to `$source`).
    private static func relationshipValue(_ name: String, _ field: YAMLField) throws(MappingFileError)
        -> MappingExpression
    {
        guard case .mapping = field.node else { return try field.expression("relationship \(name)") }
        var values: [String: YAMLField] = [:]
        for (key, value) in try field.fields("relationship \(name)", allowed: ["mapping", "from"]) { values[key] = value }
        guard let mapping = values["mapping"] else {
            throw field.fail("relationship \(name) needs \"mapping\": the entity mapping whose objects it links to")
        }
        let from = try values["from"]?.expression("relationship \(name) from") ?? MappingExpression(.source)
        let lookup = Expression.mappingLookup(
            try mapping.string("mapping"), from: from.expression, at: from.expression.position)
        return MappingExpression(text: lookup.description, expression: lookup, position: mapping.position)
    }
}
