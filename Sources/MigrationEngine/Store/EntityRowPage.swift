/// One page of an entity's rows as stored: the table's columns and raw values.
package struct EntityRowPage: Sendable, Hashable {
    /// The entity.
    package var entity: String
    /// The columns of the entity's table, in declaration order (`Z_PK`, `Z_ENT`, `Z_OPT`, `Z…`).
    package var columns: [String]
    /// The rows, in the query's order (by `Z_PK` unless it sorts); each has one value per column.
    package var rows: [[StoredValue]]
    /// Where the page starts among the entity's rows.
    package var offset: Int
    /// The entity's row count (its sub-entities' rows included).
    package var totalRows: Int
    /// Each row's own entity, by its `Z_ENT` (a sub-entity's name on a parent's page); empty when not known.
    package var rowEntities: [String]
    /// The first and last rows' places in the order, for reading the pages beside this one by key
    /// (``PageStart``); nil for an empty page or one of a query's matches read by key.
    package var firstKey: RowKey?
    package var lastKey: RowKey?

    /// Creates a page.
    package init(
        entity: String, columns: [String], rows: [[StoredValue]], offset: Int, totalRows: Int, rowEntities: [String] = []
    ) {
        self.entity = entity
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.totalRows = totalRows
        self.rowEntities = rowEntities
    }
}
