/// One page of an entity's rows for the read-only data browser.
package struct BrowserPage: Sendable, Hashable {
    /// The entity browsed.
    package var entity: String
    /// Column headings (`pk` first, then attributes and to-one relationships).
    package var columns: [String]
    /// The rows of this page; each has one value per column.
    package var rows: [[BrowserValue]]
    /// The index of the page's first row among all rows.
    package var offset: Int
    /// How many rows the entity has in all (with a filter: how many match).
    package var totalRows: Int
    /// The stored column behind each column (`Z_PK`, `ZTITLE`), for sorting; empty when not known.
    package var sourceColumns: [String]
    /// Each row's own entity (a sub-entity's on a parent's page); empty when not known.
    package var rowEntities: [String]

    /// Creates a page.
    package init(
        entity: String, columns: [String], rows: [[BrowserValue]], offset: Int, totalRows: Int, sourceColumns: [String] = [],
        rowEntities: [String] = []
    ) {
        self.entity = entity
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.totalRows = totalRows
        self.sourceColumns = sourceColumns
        self.rowEntities = rowEntities
    }

    /// The entity of the row at `index` among all rows, when it is on this page and known.
    package func entity(ofRow index: Int) -> String? {
        let position = index - offset
        return rowEntities.indices.contains(position) ? rowEntities[position] : nil
    }
}
