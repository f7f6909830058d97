/// Where the data browser is: the entity, the page loaded, the selected row and the first column shown.
public struct BrowserState: Sendable, Hashable {
    /// The entity browsed.
    public var entity: String
    /// The page loaded, `nil` while it loads.
    public var page: BrowserPage?
    /// The selected row among all rows.
    public var selectedRow = 0
    /// The first non-key column shown (for scrolling wide entities sideways).
    public var columnOffset = 0
    /// Whether the record view (the selected row, every attribute in full) is open.
    public var showsRecord = false
    /// The record view's first line shown.
    public var recordScroll = 0
    /// Why the rows could not be read (a lock, a damaged page), shown in place of the rows until `r` retries.
    public var error: String?

    /// Creates the state for an entity whose rows are not loaded yet.
    public init(entity: String) {
        self.entity = entity
    }
}
