/// One page of an entity's rows as stored: the table's columns and raw values.
package struct EntityRowPage: Sendable, Hashable {
    /// The entity.
    package var entity: String
    /// The columns of the entity's table, in declaration order (`Z_PK`, `Z_ENT`, `Z_OPT`, `Z…`).
    package var columns: [String]
    /// The rows, ordered by `Z_PK`; each has one value per column.
    package var rows: [[StoredValue]]
    /// Where the page starts among the entity's rows.
    package var offset: Int
    /// The entity's row count.
    package var totalRows: Int

    /// Creates a page.
    package init(entity: String, columns: [String], rows: [[StoredValue]], offset: Int, totalRows: Int) {
        self.entity = entity
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.totalRows = totalRows
    }
}
