/// The ``ExpressionEnvironment`` of one object being mapped: `$source`, `$destination`, `$manager`,
/// `$entityPolicy`, the stores behind them and the association table.
struct ObjectEnvironment: ExpressionEnvironment {
    let session: MappingSession
    let mapping: ResolvedEntityMapping
    let source: ObjectReference?
    let destination: ObjectReference?
    let functions: ExpressionFunctions

    init(session: MappingSession, mapping: ResolvedEntityMapping, source: ObjectReference?, destination: ObjectReference?) {
        self.session = session
        self.mapping = mapping
        self.source = source
        self.destination = destination
        self.functions = session.functions(for: mapping)
    }

    func variable(named name: String) -> ExpressionValue? {
        switch name {
        case "source": source.map(ExpressionValue.object) ?? .null
        case "destination": destination.map(ExpressionValue.object) ?? .null
        case "manager", "entityPolicy", "entityMapping": .string(mapping.mapping.name)
        default: nil
        }
    }

    func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
        try session.value(forKey: key, of: object)
    }

    func destinationInstances(mapping name: String, sources: [ObjectReference]) throws -> [ObjectReference] {
        guard let target = session.mappingsByName[name] else {
            throw ExpressionEvaluationError("there is no entity mapping named \(name)")
        }
        return try session.destinations(of: target, for: sources)
    }

    func destinationInstances(sourceRelationship relationship: String, sources: [ObjectReference]) throws
        -> [ObjectReference]
    {
        let reached = try session.mappings(reachedBy: relationship, from: mapping)
        guard reached.count > 1 else { return try reached.flatMap { try session.destinations(of: $0, for: sources) } }
        // Source by source, whichever mapping made each one's objects: the sources come in their relationship's
        // order (an ordered one's), and objects made by a parent's and a sub-entity's mappings interleave in it.
        return try sources.flatMap { object in try reached.flatMap { try session.destinations(of: $0, for: [object]) } }
    }
}

extension MappingSession {
    /// The functions `mapping`'s expressions may call: the step's, plus its policy's own
    /// (`FUNCTION($entityPolicy, "name:", …)`), worked out once per mapping.
    func functions(for mapping: ResolvedEntityMapping) -> ExpressionFunctions {
        if let known = mappingFunctions[mapping.index] { return known }
        var result = functions
        if let policy = policies[mapping.index] {
            let texts = mapping.attributes.compactMap { $0.value?.text } + mapping.relationships.map(\.value.text)
            let names = texts.flatMap { text in
                text.components(separatedBy: "$entityPolicy, \"").dropFirst().map {
                    String($0.prefix { $0 != ":" && $0 != "\"" })
                }
            }
            for name in names { if let function = policy.function(named: name) { result.register(function) } }
        }
        mappingFunctions[mapping.index] = result
        return result
    }

    /// The destination objects `mapping` made from `sources` (only sources from the table it reads count).
    func destinations(of mapping: ResolvedEntityMapping, for sources: [ObjectReference]) throws -> [ObjectReference] {
        guard let read = mapping.sourceEntity.flatMap({ source.entities[$0.name]?.name }) else { return [] }
        return try sources.filter { $0.side == .source && source.entities[$0.entity]?.name == read }.flatMap { object in
            try association.destinations(mapping: mapping.index, source: object.primaryKey).map { key, number in
                ObjectReference(side: .destination, entity: destination.numbers[number] ?? "?", primaryKey: key)
            }
        }
    }

    /// The mappings a lookup expression of `mapping` names (`destinationInstancesForEntityMappingNamed:…` or
    /// `…ForSourceRelationshipNamed:…` on `$manager`), and the expression giving the source objects; `nil`
    /// for any other expression.
    func lookup(_ mapping: ResolvedEntityMapping, _ expression: Expression) throws
        -> (mappings: [ResolvedEntityMapping], from: Expression)?
    {
        guard case .function(let target, let selector, let arguments) = expression.kind,
            target.kind == .variable("manager"), arguments.count == 2,
            case .literal(.string(let name)) = arguments[0].kind
        else { return nil }
        switch selector {
        case SelectorCall.entityMappingLookup:
            return mappingsByName[name].map { ([$0], arguments[1]) }
        case SelectorCall.relationshipLookup:
            return (try mappings(reachedBy: name, from: mapping), arguments[1])
        default:
            return nil
        }
    }

    /// The mappings that turn the objects of `mapping`'s source relationship `relationship` into objects of
    /// the destination relationship with the same name (Core Data's `…ForSourceRelationshipNamed:`).
    func mappings(reachedBy relationship: String, from mapping: ResolvedEntityMapping) throws -> [ResolvedEntityMapping] {
        try mappings.reached(by: relationship, from: mapping, source: source.model, destination: destination.model)
    }
}
