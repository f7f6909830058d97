/// The objects one to-many relationship of one object leads to, for the console's record view: the first
/// few in the relationship's order (an ordered one's, else by key) and how many there are in all.
package struct RelatedObjects: Sendable, Hashable {
    /// One object related: its own entity (a sub-entity's name when it is one) and its `Z_PK`.
    package struct Target: Sendable, Hashable {
        /// The object's entity.
        package var entity: String
        /// Its `Z_PK`.
        package var key: Int64

        /// Creates a target.
        package init(entity: String, key: Int64) {
            self.entity = entity
            self.key = key
        }
    }

    /// The relationship's name.
    package var relationship: String
    /// The entity the model says it leads to.
    package var destination: String
    /// The first objects, at most the limit asked for.
    package var targets: [Target]
    /// How many objects it leads to in all.
    package var total: Int

    /// Creates the objects of one relationship.
    package init(relationship: String, destination: String, targets: [Target], total: Int) {
        self.relationship = relationship
        self.destination = destination
        self.targets = targets
        self.total = total
    }
}
