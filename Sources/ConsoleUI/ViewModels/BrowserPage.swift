/// One page of an entity's rows for the read-only data browser.
public struct BrowserPage: Sendable, Hashable {
    /// The entity browsed.
    public var entity: String
    /// Column headings (`pk` first, then attributes and to-one relationships).
    public var columns: [String]
    /// The rows of this page; each has one value per column.
    public var rows: [[BrowserValue]]
    /// The index of the page's first row among all rows.
    public var offset: Int
    /// How many rows the entity has in all (with a filter: how many match).
    public var totalRows: Int
    /// The stored column behind each column (`Z_PK`, `ZTITLE`), for sorting; empty when not known.
    public var sourceColumns: [String]

    /// Creates a page.
    public init(
        entity: String, columns: [String], rows: [[BrowserValue]], offset: Int, totalRows: Int, sourceColumns: [String] = []
    ) {
        self.entity = entity
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.totalRows = totalRows
        self.sourceColumns = sourceColumns
    }
}
