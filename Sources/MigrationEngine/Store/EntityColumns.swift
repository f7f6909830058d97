/// What each stored column of an entity's table means for that entity, as the engine lays the model's tables
/// out (``SchemaBuilder``): a name that clashes in a shared table (`ZTEXT1`, a sibling's `text`) is found
/// there, never rebuilt from the property's name. Columns of other entities sharing the table, and bookkeeping
/// columns, are not in it.
package struct EntityColumns: Sendable, Hashable {
    /// What one column holds.
    package enum Meaning: Sendable, Hashable {
        /// The value of an attribute of the entity (its own or inherited).
        case attribute(Attribute)
        /// The key of a to-one relationship of the entity, to an object of `destination` (or a sub-entity's).
        case toOne(relationship: String, destination: String)
    }

    /// The entity.
    package var entity: String
    /// What each of its columns holds, by stored column name.
    package var byColumn: [String: Meaning]

    /// Creates a layout.
    package init(entity: String, byColumn: [String: Meaning]) {
        self.entity = entity
        self.byColumn = byColumn
    }
}
