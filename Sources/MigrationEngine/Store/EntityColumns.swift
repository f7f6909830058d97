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
        /// A column of a table shown without its model's layout, under the name Core Data's naming rule gives
        /// back (``CoreDataName/property(ofColumn:)``), its values as SQLite holds them.
        case stored(name: String)
    }

    /// The entity.
    package var entity: String
    /// What each of its columns holds, by stored column name.
    package var byColumn: [String: Meaning]

    /// Every column of `entity`'s table among `columns` that a property could be named after, as stored:
    /// the layout of a table whose model is not known, or that lacks a column its model implies.
    package static func asStored(entity: String, columns: [String]) -> EntityColumns {
        var byColumn: [String: Meaning] = [:]
        for column in columns {
            if let name = CoreDataName.property(ofColumn: column) { byColumn[column] = .stored(name: name) }
        }
        return EntityColumns(entity: entity, byColumn: byColumn)
    }

    /// Creates a layout.
    package init(entity: String, byColumn: [String: Meaning]) {
        self.entity = entity
        self.byColumn = byColumn
    }
}
