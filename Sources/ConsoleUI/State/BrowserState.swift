import MigrationEngine

/// Where the data browser is: the entity, the rows asked for, the page loaded, the selection, the first column
/// shown, a filter being typed, and the records opened (a stack: each relationship followed pushes one).
package struct BrowserState: Sendable, Hashable {
    /// The entity browsed.
    package var entity: String
    /// Which rows and in what order: the applied filter and sort.
    package var query = RowQuery.all
    /// The page loaded, `nil` while it loads.
    package var page: BrowserPage?
    /// The selected row among all rows.
    package var selectedRow = 0
    /// The first non-key column shown (for scrolling wide entities sideways).
    package var columnOffset = 0
    /// The filter being typed after `/`, `nil` when not typing; it applies as it is typed.
    package var filterInput: LineEditor?
    /// The rows asked for when `/` was pressed, which Esc on the filter being typed goes back to.
    package var queryBeforeFilter: RowQuery?
    /// Whether the page for ``query`` is being read while the page before stays on screen (a filter being
    /// typed: the rows do not blank out at every key).
    package var reading = false
    /// The export prompt while the user types where to export the entity (`e`).
    package var exportPrompt: ExportPrompt?
    /// The records open over the table, the one shown last; empty when the table is shown.
    package var records: [RecordFrame] = []
    /// Why the rows could not be read (a lock, a damaged page), shown in place of the rows until `r` retries.
    package var error: String?
    /// Keys pressed while the page for ``query`` is read with no page on screen to act on (`S` twice in a row,
    /// a move before the rows came): taken in order once it is shown, never lost; at most ``pendingLimit``.
    package var pendingKeys: [Action] = []
    /// The most keys kept while a page is read: a held key's repeats are not worth a page read each.
    package static let pendingLimit = 16

    /// Creates the state for an entity whose rows are not loaded yet.
    package init(entity: String) {
        self.entity = entity
    }

    /// Whether a record is shown over the table.
    package var showsRecord: Bool { !records.isEmpty }
}
