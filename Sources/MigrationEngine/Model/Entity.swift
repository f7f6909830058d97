/// An entity of a model version, with only the properties it declares itself.
///
/// Inherited properties live on the parent; ``ObjectModel`` resolves them
/// (see ``ObjectModel/allAttributes(of:)``).
public struct Entity: Sendable, Hashable, Codable {
    /// The entity's name.
    public var name: String
    /// The name of its parent entity, if it has one.
    public var parentName: String?
    /// Whether the entity is abstract (has no instances of its own).
    public var isAbstract: Bool
    /// The class that represents its objects in the app.
    public var className: String?
    /// The renaming identifier (`elementID`): the name this entity had before.
    public var renamingIdentifier: String?
    /// The version hash modifier.
    public var versionHashModifier: String?
    /// Attributes declared by this entity, in source order.
    public var attributes: [Attribute]
    /// Relationships declared by this entity, in source order.
    public var relationships: [Relationship]
    /// Fetched properties declared by this entity.
    public var fetchedProperties: [FetchedProperty]
    /// Uniqueness constraints: each is a list of property names that together must be unique.
    public var uniquenessConstraints: [[String]]
    /// Fetch indexes declared on this entity.
    public var fetchIndexes: [FetchIndex]
    /// Compound indexes (older format): each a list of property names.
    public var compoundIndexes: [[String]]
    /// Free-form user info.
    public var userInfo: [String: String]

    /// Creates an entity.
    ///
    /// - Parameters:
    ///   - name: The entity's name.
    ///   - parentName: Its parent entity's name; nil for a root entity.
    ///   - isAbstract: Whether it has no instances of its own.
    ///   - className: The class that represents its objects in the app.
    ///   - renamingIdentifier: The name this entity had before; nil when not renamed.
    ///   - versionHashModifier: Changes the version hash without changing the schema.
    ///   - attributes: Attributes it declares itself, in source order.
    ///   - relationships: Relationships it declares itself, in source order.
    ///   - fetchedProperties: Fetched properties it declares.
    ///   - uniquenessConstraints: Lists of property names that together must be unique.
    ///   - fetchIndexes: Fetch indexes declared on it.
    ///   - compoundIndexes: Compound indexes (older format), each a list of property names.
    ///   - userInfo: Free-form user info.
    public init(
        name: String, parentName: String? = nil, isAbstract: Bool = false, className: String? = nil,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        attributes: [Attribute] = [], relationships: [Relationship] = [],
        fetchedProperties: [FetchedProperty] = [], uniquenessConstraints: [[String]] = [],
        fetchIndexes: [FetchIndex] = [], compoundIndexes: [[String]] = [], userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.parentName = parentName
        self.isAbstract = isAbstract
        self.className = className
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.attributes = attributes
        self.relationships = relationships
        self.fetchedProperties = fetchedProperties
        self.uniquenessConstraints = uniquenessConstraints
        self.fetchIndexes = fetchIndexes
        self.compoundIndexes = compoundIndexes
        self.userInfo = userInfo
    }

    /// The declared attribute with this name.
    ///
    /// - Parameter name: The attribute's name.
    /// - Returns: The attribute; nil when this entity does not declare it (inherited ones are on the parent,
    ///   see ``ObjectModel/allAttributes(of:)``).
    public func attribute(named name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The declared relationship with this name.
    ///
    /// - Parameter name: The relationship's name.
    /// - Returns: The relationship; nil when this entity does not declare it (inherited ones are on the
    ///   parent, see ``ObjectModel/allRelationships(of:)``).
    public func relationship(named name: String) -> Relationship? {
        relationships.first { $0.name == name }
    }
}
