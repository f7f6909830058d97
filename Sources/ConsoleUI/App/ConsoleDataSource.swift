import MigrationEngine

/// What the console reads from the engine: a store's overview and pages of its rows.
///
/// ``loadStore(at:checksIntegrity:)`` runs off the UI thread (its integrity check reads every page); the rest are
/// quick reads of a snapshot, never of the original files.
package protocol ConsoleDataSource: Sendable {
    /// Reads a store and compares it with the model's versions; with `checksIntegrity` SQLite's `quick_check`
    /// reads every page first, so a damaged store is found here (where salvage can be offered).
    func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore
    /// Reads `limit` of the rows of an entity that `query` selects (filter, sort, one object), starting at
    /// `offset`, read-only; never more than the page is loaded. Setting `cancellation` from another thread ends
    /// the read at once (it then throws): a filter typed further supersedes the page of the text before.
    func rows(
        storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery, cancellation: CancellationFlag?
    ) throws -> BrowserPage
    /// Lets go of the snapshot pages are read from and of the model read so far, so that the next page reads
    /// the store as it is now (`r`), typed by the model as it is now, and the store's own read again reads that
    /// same model, whichever of the two comes first. Called on the UI thread before each read: it never waits.
    func readAfresh()
    /// The objects each to-many relationship of the object `key` of `entity` leads to (both sides of a
    /// many-to-many), at most `limit` per relationship and how many in all; none when no model is known.
    func related(storePath: String, entity: String, key: Int64, limit: Int) throws -> [RelatedObjects]
    /// Salvages a damaged store into a new one at `output`; returns what was kept, per entity. Slow: called
    /// off the UI thread.
    func salvage(store: String, output: String) throws -> SalvageSummary
    /// Exports the objects of `entity` (its sub-entities' included) that `query` selects, in its order (the
    /// rows ``rows(storePath:entity:offset:limit:query:)`` pages through), to the file at `path`, replacing
    /// it, in the format its extension names (`.csv`, `.jsonl`, else JSON); returns how many objects were
    /// written. Slow: called off the UI thread; `progress` gets the count after each object, `cancellation`
    /// stops it between two objects, keeping the old file.
    func export(
        storePath: String, entity: String, query: RowQuery, to path: String, cancellation: CancellationFlag,
        progress: (Int) -> Void
    ) throws -> Int
    /// Writes a new store of the model at `request`'s version, filled with synthetic objects; returns a
    /// one-line summary. Slow: called off the UI thread; on failure nothing of the store is left.
    func seed(_ request: SeedRequest) throws -> String
}

extension ConsoleDataSource {
    /// Reads `limit` of the rows of an entity that `query` selects, starting at `offset`, to the end.
    package func rows(storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery = .all) throws
        -> BrowserPage
    {
        try rows(storePath: storePath, entity: entity, offset: offset, limit: limit, query: query, cancellation: nil)
    }

    /// Reads a store, integrity-checked, and compares it with the model's versions.
    package func loadStore(at path: String) throws -> LoadedStore {
        try loadStore(at: path, checksIntegrity: true)
    }
}
