/// References of one relationship that pointed at lost objects, and what became of them in the new store.
public struct DanglingReference: Sendable, Hashable, Codable {
    /// The entity declaring the relationship.
    public var entity: String
    /// The relationship.
    public var relationship: String
    /// Optional to-one keys set to NULL, or many-to-many links dropped.
    public var cleared: Int
    /// Objects left out because this required to-one pointed at a lost object.
    public var droppedObjects: Int

    /// Creates a count.
    package init(entity: String, relationship: String, cleared: Int, droppedObjects: Int = 0) {
        self.entity = entity
        self.relationship = relationship
        self.cleared = cleared
        self.droppedObjects = droppedObjects
    }
}
