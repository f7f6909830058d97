extension MigrationProject {
    /// A session for paging through a store's rows: one snapshot of the store, kept open while the
    /// session lives, and the model its rows are typed by.
    ///
    /// - Parameter store: The store's `.sqlite` file; only read (a snapshot, never the original files).
    /// - Returns: The session.
    /// - Throws: ``StoreError`` for a missing, damaged or locked store.
    package func browse(store: String) throws -> StoreBrowser {
        let contents = try StoreReader.read(path: store, checkIntegrity: false, options: snapshot)
        // The model `rows` and `export` read by. A store whose model cannot be found is still browsed, its rows
        // shown as stored: the reason is not lost, `open` and `rows` report it, this only chooses how to show.
        let model: ObjectModel?
        do {
            model = try ObjectReadingModel.choose(bundle: bundle, contents: contents, store: store).model
        } catch {
            model = nil
        }
        return StoreBrowser(
            store: store, pager: try EntityRowPager(path: store, counts: contents.rowCounts, options: snapshot), model: model)
    }
}

/// Pages of one store's rows (``MigrationProject/browse(store:)``), read from one snapshot.
package final class StoreBrowser: Sendable {
    /// The store's `.sqlite` file, as given.
    package let store: String
    /// The model the rows are typed by: the store's version of the project's model, or its own cached
    /// model; nil when neither is known.
    package let model: ObjectModel?
    private let pager: EntityRowPager

    init(store: String, pager: EntityRowPager, model: ObjectModel?) {
        self.store = store
        self.pager = pager
        self.model = model
    }

    /// `limit` rows of `entity` (its sub-entities' included) that `query` selects, from `offset`.
    ///
    /// - Throws: ``ExportError`` for a query (a predicate) without a model to evaluate it by; ``StoreError``
    ///   when the snapshot cannot be read.
    package func page(entity: String, offset: Int, limit: Int, query: RowQuery = .all) throws -> EntityRowPage {
        guard query.predicate != nil else { return try pager.page(entity: entity, offset: offset, limit: limit, query: query) }
        guard let model else {
            throw ExportError(
                store: store, message: "a query needs the store's model, and none was found", category: .invalidInput)
        }
        return try pager.page(entity: entity, offset: offset, limit: limit, query: query, model: model)
    }

    /// The objects each to-many relationship of object `key` of `entity` leads to (at most `limit` each),
    /// where the model says they are kept; none without a model, which alone names relationships.
    package func related(entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
        guard let model else { return [] }
        return try pager.related(entity: entity, key: key, model: model, limit: limit)
    }
}
