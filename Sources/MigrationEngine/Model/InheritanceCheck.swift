/// The one check of a model's inheritance that every reader (model source, compiled model, a store's model
/// cache) makes: no entity is its own ancestor, and no chain is absurdly deep. Hashing, planning and the
/// steps walk an entity's ancestors for each entity, so a hostile 3,000-level chain would cost millions of
/// steps each time; real models are a few levels deep.
enum InheritanceCheck {
    /// The deepest inheritance chain accepted: an entity with this many ancestors.
    static let maximumDepth = 200

    /// The first entity (in `entities`' order) that is its own ancestor or has more than ``maximumDepth``
    /// ancestors, and why; nil when every chain is fine. A parent the model lacks ends a chain.
    ///
    /// Linear in the number of entities: each entity's depth is found once.
    static func problem(in entities: [Entity]) -> (entity: String, message: String)? {
        let parents = Dictionary(entities.map { ($0.name, $0.parentName) }, uniquingKeysWith: { first, _ in first })
        var depths: [String: Int] = [:]
        for entity in entities {
            // Climb until a known depth, a root or a repeat, then give the climbed entities their depths.
            var climbed: [String] = []
            var onPath: Set<String> = []
            var current: String? = entity.name
            var base = -1
            while let name = current {
                if let known = depths[name] {
                    base = known
                    break
                }
                guard onPath.insert(name).inserted else {
                    return (entity.name, "entity \(entity.name) inherits from itself")
                }
                climbed.append(name)
                guard let parent = parents[name] ?? nil, parents[parent] != nil else { break }
                current = parent
            }
            for (offset, name) in climbed.reversed().enumerated() { depths[name] = base + 1 + offset }
            if let depth = depths[entity.name], depth > maximumDepth {
                return (
                    entity.name,
                    "entity \(entity.name) has \(depth) ancestors; more than \(maximumDepth) levels of inheritance are refused"
                )
            }
        }
        return nil
    }
}
