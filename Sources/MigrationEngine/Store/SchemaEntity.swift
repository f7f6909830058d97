/// An entity as a store numbers it (`Z_PRIMARYKEY` row) and where its rows live.
package struct SchemaEntity: Sendable, Hashable, Codable {
    /// The entity name (`Z_NAME`).
    package var name: String
    /// The entity number (`Z_ENT`), from 1.
    package var number: Int
    /// The parent's number, or 0 for a root entity (`Z_SUPER`).
    package var superNumber: Int
    /// The table holding its rows (its root entity's table).
    package var table: String

    /// Creates an entity row.
    package init(name: String, number: Int, superNumber: Int, table: String) {
        self.name = name
        self.number = number
        self.superNumber = superNumber
        self.table = table
    }
}
