/// One version of a managed object model: its entities, configurations and fetch request templates.
public struct ObjectModel: Sendable, Hashable, Codable {
    /// The version's name (the `.xcdatamodel` folder name without extension).
    public var name: String
    /// Entities in source order.
    public var entities: [Entity] {
        didSet { positions = Self.positions(of: entities) }
    }
    /// Named configurations.
    public var configurations: [ModelConfiguration]
    /// Stored fetch request templates.
    public var fetchRequests: [FetchRequestTemplate]
    /// The user-defined version identifiers (`userDefinedModelVersionIdentifier`), kept in store metadata.
    public var versionIdentifiers: [String]

    /// Creates a model version.
    ///
    /// - Parameters:
    ///   - name: The version's name.
    ///   - entities: Entities in source order.
    ///   - configurations: Named configurations.
    ///   - fetchRequests: Stored fetch request templates.
    ///   - versionIdentifiers: The user-defined version identifiers, kept in store metadata.
    public init(
        name: String, entities: [Entity], configurations: [ModelConfiguration] = [],
        fetchRequests: [FetchRequestTemplate] = [], versionIdentifiers: [String] = []
    ) {
        self.name = name
        self.entities = entities
        self.configurations = configurations
        self.fetchRequests = fetchRequests
        self.versionIdentifiers = versionIdentifiers
        positions = Self.positions(of: entities)
    }

    /// Each entity name's index in ``entities`` (the first, should two share a name): finding an entity by
    /// name is one look-up, so walking an entity's ancestors costs its depth, not its depth times the
    /// model's size (issue 31: an 800-level chain took 10 s to hash). Kept in step by `entities`' `didSet`.
    private var positions: [String: Int]

    private static func positions(of entities: [Entity]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entities.count)
        for (index, entity) in entities.enumerated() where positions[entity.name] == nil {
            positions[entity.name] = index
        }
        return positions
    }

    private enum CodingKeys: String, CodingKey {
        case name, entities, configurations, fetchRequests, versionIdentifiers
    }

    /// Decodes a model written by its `Encodable` conformance; the name index is rebuilt, never read.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: The decoder's error for a missing or mistyped field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            entities: try container.decode([Entity].self, forKey: .entities),
            configurations: try container.decode([ModelConfiguration].self, forKey: .configurations),
            fetchRequests: try container.decode([FetchRequestTemplate].self, forKey: .fetchRequests),
            versionIdentifiers: try container.decode([String].self, forKey: .versionIdentifiers))
    }

    /// The entity with this name.
    ///
    /// - Parameter name: The entity's name.
    /// - Returns: The entity; nil when the version has none of that name.
    public func entity(named name: String) -> Entity? {
        positions[name].map { entities[$0] }
    }

    /// Entities sorted by name in plain code-unit order, the order Core Data hashes them in.
    public var entitiesByName: [Entity] {
        entities.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// The entity, `entity` or an ancestor, that declares `property` (whose name its columns carry); `entity`
    /// where none does. A question about the model, asked by the store's link layout and the loss counts alike.
    func declaringEntity(of property: String, from entity: Entity) -> String {
        ([entity] + ancestors(of: entity)).first {
            $0.attribute(named: property) != nil || $0.relationship(named: property) != nil
        }?.name ?? entity.name
    }

    /// The entity's parent chain, nearest first (empty for a root entity).
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: The ancestors; a parent the model lacks ends the chain, and a cycle stops where it repeats.
    public func ancestors(of entity: Entity) -> [Entity] {
        var chain: [Entity] = []
        var seen: Set<String> = [entity.name]
        var current = entity
        while let parentName = current.parentName, let parent = self.entity(named: parentName),
            seen.insert(parentName).inserted
        {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The root of the entity's inheritance tree (the entity itself when it has no parent).
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: The topmost ancestor found (a parent the model lacks ends the chain), or `entity` itself.
    public func root(of entity: Entity) -> Entity {
        ancestors(of: entity).last ?? entity
    }

    /// Direct sub-entities of the entity, in source order.
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: The entities whose parent is `entity`; empty for a leaf.
    public func subentities(of entity: Entity) -> [Entity] {
        entities.filter { $0.parentName == entity.name }
    }

    /// The entity and every entity below it, in pre-order.
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: `entity` first, then each sub-entity followed by its own sub-entities.
    public func hierarchy(below entity: Entity) -> [Entity] {
        [entity] + subentities(of: entity).flatMap { hierarchy(below: $0) }
    }

    /// Every attribute of the entity, inherited ones first (root's before child's).
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: The attributes of the ancestors from the root down, then the entity's own.
    public func allAttributes(of entity: Entity) -> [Attribute] {
        (ancestors(of: entity).reversed() + [entity]).flatMap(\.attributes)
    }

    /// Every relationship of the entity, inherited ones first.
    ///
    /// - Parameter entity: An entity of this model.
    /// - Returns: The relationships of the ancestors from the root down, then the entity's own.
    public func allRelationships(of entity: Entity) -> [Relationship] {
        (ancestors(of: entity).reversed() + [entity]).flatMap(\.relationships)
    }

    /// The inverse of a relationship declared on `entity`, if the model declares one.
    ///
    /// - Parameter relationship: A relationship of this model.
    /// - Returns: The inverse, found on the relationship's inverse entity (or destination) and its ancestors; nil without one.
    public func inverse(of relationship: Relationship) -> Relationship? {
        guard let inverseName = relationship.inverseName,
            let destination = entity(named: relationship.inverseEntity ?? relationship.destinationEntity)
        else { return nil }
        return allRelationships(of: destination).first { $0.name == inverseName }
    }
}
