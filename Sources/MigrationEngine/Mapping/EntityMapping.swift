/// How objects of one source entity become objects of one destination entity.
///
/// Several mappings may read the same source entity (a split), and several may make the same
/// destination entity (a merge of entities); `mergeKey` also folds objects of one mapping together.
public struct EntityMapping: Sendable, Hashable {
    /// The mapping's name, used by relationship lookups (`destinationInstancesForEntityMappingNamed:`).
    public var name: String
    /// What the mapping does.
    public var kind: EntityMappingKind
    /// The source entity, if the mapping reads one.
    public var sourceEntity: String?
    /// The destination entity, if the mapping makes one.
    public var destinationEntity: String?
    /// Only source objects for which this is true are mapped.
    public var filter: MappingExpression?
    /// Attribute values, by destination attribute. Destination attributes not listed that the source
    /// entity also has are copied (`$source.<name>`), as Xcode's generated expressions do.
    public var attributes: [PropertyMapping]
    /// Relationship values, by destination relationship. Unlisted relationships the source entity also has
    /// resolve through the mappings of their destination entity.
    public var relationships: [PropertyMapping]
    /// When set, destination objects of this mapping with an equal key are one object.
    public var mergeKey: MappingExpression?
    /// The name of a registered ``MigrationPolicy`` that takes part in the three stages.
    public var policy: String?
    /// Free-form user info (an Xcode entity mapping's, or a mapping file's `userInfo`), for the mapping's
    /// policy to read, as `NSEntityMapping.userInfo` is for a custom policy class.
    public var userInfo: [String: String]
    /// Where the mapping is written in its file.
    public var position: SourcePosition?

    /// Creates an entity mapping.
    package init(
        name: String, kind: EntityMappingKind, sourceEntity: String?, destinationEntity: String?,
        filter: MappingExpression? = nil, attributes: [PropertyMapping] = [], relationships: [PropertyMapping] = [],
        mergeKey: MappingExpression? = nil, policy: String? = nil, userInfo: [String: String] = [:],
        position: SourcePosition? = nil
    ) {
        self.name = name
        self.kind = kind
        self.sourceEntity = sourceEntity
        self.destinationEntity = destinationEntity
        self.filter = filter
        self.attributes = attributes
        self.relationships = relationships
        self.mergeKey = mergeKey
        self.policy = policy
        self.userInfo = userInfo
        self.position = position
    }

    /// The value expression for a destination attribute, if listed.
    ///
    /// - Parameter name: The destination attribute's name.
    /// - Returns: The listed mapping; nil when the attribute is not listed (it is then copied from the source
    ///   attribute of that name, if any).
    public func attribute(_ name: String) -> PropertyMapping? { attributes.first { $0.name == name } }

    /// The value expression for a destination relationship, if listed.
    ///
    /// - Parameter name: The destination relationship's name.
    /// - Returns: The listed mapping; nil when the relationship is not listed.
    public func relationship(_ name: String) -> PropertyMapping? { relationships.first { $0.name == name } }

    /// Xcode's default name for a mapping: `PostToPost`, or the one entity's name.
    ///
    /// - Parameters:
    ///   - source: The source entity; nil for a mapping that adds objects.
    ///   - destination: The destination entity; nil for a mapping that removes objects.
    /// - Returns: `<source>To<destination>`, the one entity given, or `Mapping` when neither is.
    public static func defaultName(source: String?, destination: String?) -> String {
        switch (source, destination) {
        case (let s?, let d?): "\(s)To\(d)"
        case (let s?, nil): s
        case (nil, let d?): d
        case (nil, nil): "Mapping"
        }
    }
}
