/// One entity mapping of a ``MappingScaffold``.
public struct ScaffoldMapping: Sendable, Hashable {
    /// The mapping's name.
    public var name: String
    /// The kind, written only when it is not the one the entities imply (`copy`).
    public var kind: EntityMappingKind?
    /// The source entity's name (`.text`), or a placeholder when the scaffold cannot tell which.
    public var source: ScaffoldValue?
    /// The destination entity's name.
    public var destination: String?
    /// Comment lines written above the mapping: where it came from and what is left to write.
    public var notes: [String]
    /// The filter, if any (a `.commented` value offers one).
    public var filter: ScaffoldValue?
    /// The merge key, if any (a `.commented` value offers one).
    public var merge: ScaffoldValue?
    /// Destination attributes with their values.
    public var attributes: [ScaffoldProperty]
    /// Destination relationships with their values.
    public var relationships: [ScaffoldProperty]
    /// The mapping's user info, which its policy reads.
    public var userInfo: [String: String]

    /// Creates a mapping.
    package init(
        name: String, kind: EntityMappingKind? = nil, source: ScaffoldValue? = nil, destination: String? = nil,
        notes: [String] = [], filter: ScaffoldValue? = nil, merge: ScaffoldValue? = nil,
        attributes: [ScaffoldProperty] = [], relationships: [ScaffoldProperty] = [], userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.kind = kind
        self.source = source
        self.destination = destination
        self.notes = notes
        self.filter = filter
        self.merge = merge
        self.attributes = attributes
        self.relationships = relationships
        self.userInfo = userInfo
    }
}
