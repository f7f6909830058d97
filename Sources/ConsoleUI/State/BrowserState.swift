import MigrationEngine

/// Where the data browser is: the entity, the rows asked for, the page loaded, the selection, the first column
/// shown, a filter being typed, and the records opened (a stack: each relationship followed pushes one).
public struct BrowserState: Sendable, Hashable {
    /// The entity browsed.
    public var entity: String
    /// Which rows and in what order: the applied filter and sort.
    public var query = RowQuery.all
    /// The page loaded, `nil` while it loads.
    public var page: BrowserPage?
    /// The selected row among all rows.
    public var selectedRow = 0
    /// The first non-key column shown (for scrolling wide entities sideways).
    public var columnOffset = 0
    /// The filter text being typed after `/`, `nil` when not typing.
    public var filterInput: String?
    /// The export prompt while the user types where to export the entity (`e`).
    public var exportPrompt: ExportPrompt?
    /// The records open over the table, the one shown last; empty when the table is shown.
    public var records: [RecordFrame] = []
    /// Why the rows could not be read (a lock, a damaged page), shown in place of the rows until `r` retries.
    public var error: String?

    /// Creates the state for an entity whose rows are not loaded yet.
    public init(entity: String) {
        self.entity = entity
    }

    /// Whether a record is shown over the table.
    public var showsRecord: Bool { !records.isEmpty }
}
