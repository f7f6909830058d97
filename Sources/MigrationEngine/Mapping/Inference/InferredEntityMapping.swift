/// How one destination entity is filled in an inferred mapping.
public struct InferredEntityMapping: Sendable, Hashable, Codable {
    /// The destination entity.
    public var destination: String
    /// The source entity whose objects become its objects; `nil` for a new entity.
    public var source: String?
    /// Every stored destination attribute (inherited ones included) and where it comes from.
    public var attributes: [InferredPropertyMapping]
    /// Every stored destination relationship (inherited ones included) and where it comes from.
    public var relationships: [InferredPropertyMapping]
    /// Stored source attributes that nothing in the destination takes values from.
    public var droppedAttributes: [String]
    /// Stored source relationships that nothing in the destination takes values from.
    public var droppedRelationships: [String]
    /// The parent before and after, when the entity moves in the hierarchy.
    public var parentChange: ParentChange?

    /// A change of parent entity.
    public struct ParentChange: Sendable, Hashable, Codable {
        /// The source entity's parent (`nil`: it was a root entity).
        public var from: String?
        /// The destination entity's parent (`nil`: it becomes a root entity).
        public var to: String?

        /// Creates a parent change.
        package init(from: String?, to: String?) {
            self.from = from
            self.to = to
        }
    }

    /// Creates an entity mapping.
    package init(
        destination: String, source: String?, attributes: [InferredPropertyMapping] = [],
        relationships: [InferredPropertyMapping] = [], droppedAttributes: [String] = [],
        droppedRelationships: [String] = [], parentChange: ParentChange? = nil
    ) {
        self.destination = destination
        self.source = source
        self.attributes = attributes
        self.relationships = relationships
        self.droppedAttributes = droppedAttributes
        self.droppedRelationships = droppedRelationships
        self.parentChange = parentChange
    }

    /// Whether the entity takes objects from a source entity of another name.
    public var isRenamed: Bool { source.map { $0 != destination } ?? false }

    /// The mapping of the destination attribute with this name.
    ///
    /// - Parameter name: The destination attribute's name (inherited attributes included).
    /// - Returns: Its mapping; nil when the destination entity stores no attribute of that name.
    public func attribute(_ name: String) -> InferredPropertyMapping? { attributes.first { $0.destination == name } }

    /// The mapping of the destination relationship with this name.
    ///
    /// - Parameter name: The destination relationship's name (inherited relationships included).
    /// - Returns: Its mapping; nil when the destination entity stores no relationship of that name.
    public func relationship(_ name: String) -> InferredPropertyMapping? { relationships.first { $0.destination == name } }
}
