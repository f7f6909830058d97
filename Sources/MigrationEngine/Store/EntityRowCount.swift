/// How many rows of one entity a store holds, and where.
public struct EntityRowCount: Sendable, Hashable, Codable {
    /// The entity's name.
    public var entity: String
    /// Its number (`Z_ENT`).
    public var number: Int
    /// The root entity's table that holds its rows (`ZPOST`), or `nil` when the table is missing.
    public var table: String?
    /// The entity's rows. In a table holding only this entity, every row of the table: Core Data fetches
    /// such an entity without testing `Z_ENT`. In a table holding an inheritance tree, the rows whose `Z_ENT`
    /// is this entity's number (sub-entities' rows are counted under their own name).
    public var rows: Int
    /// Its parent's number (`Z_SUPER`), 0 for a root entity: what counts and pages a parent's rows with its
    /// sub-entities' (an abstract parent has no rows of its own).
    public var superNumber: Int

    /// Creates a count.
    package init(entity: String, number: Int, table: String?, rows: Int, superNumber: Int = 0) {
        self.entity = entity
        self.number = number
        self.table = table
        self.rows = rows
        self.superNumber = superNumber
    }
}
