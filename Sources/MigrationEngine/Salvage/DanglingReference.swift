/// References of one relationship that pointed at lost objects and were cleared in the new store.
public struct DanglingReference: Sendable, Hashable, Codable {
    /// The entity declaring the relationship.
    public var entity: String
    /// The relationship.
    public var relationship: String
    /// To-one keys set to NULL, or many-to-many links dropped.
    public var cleared: Int

    /// Creates a count.
    public init(entity: String, relationship: String, cleared: Int) {
        self.entity = entity
        self.relationship = relationship
        self.cleared = cleared
    }
}
