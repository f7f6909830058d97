/// One page of an entity's rows as stored: the table's columns and raw values.
public struct EntityRowPage: Sendable, Hashable {
    /// The entity.
    public var entity: String
    /// The columns of the entity's table, in declaration order (`Z_PK`, `Z_ENT`, `Z_OPT`, `Z…`).
    public var columns: [String]
    /// The rows, ordered by `Z_PK`; each has one value per column.
    public var rows: [[StoredValue]]
    /// Where the page starts among the entity's rows.
    public var offset: Int
    /// The entity's row count.
    public var totalRows: Int

    /// Creates a page.
    public init(entity: String, columns: [String], rows: [[StoredValue]], offset: Int, totalRows: Int) {
        self.entity = entity
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.totalRows = totalRows
    }
}
