import Synchronization

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
    /// The page read last, and of what: the next one asked for is read from its first or last row.
    private let lastPage = Mutex<(entity: String, query: RowQuery, page: EntityRowPage)?>(nil)
    /// The column layouts read so far, by entity (nil for an entity the model does not have).
    private let layouts = Mutex<[String: EntityColumns?]>([:])

    init(store: String, pager: EntityRowPager, model: ObjectModel?) {
        self.store = store
        self.pager = pager
        self.model = model
    }

    /// `limit` rows of `entity` (its sub-entities' included) that `query` selects, from `offset`.
    ///
    /// A page beside the one read last (PgDn, PgUp), the last (`G`) or one near either is read by key from
    /// there (``PageStart``), so paging a sorted large entity never reads, sorts and skips the rows before; an
    /// entity of ``SortedOrder/orderedPagingRows`` rows or more is sorted once per sort column instead, and
    /// every page of it read through its keys (``SortedOrder``).
    ///
    /// - Parameters:
    ///   - entity: The entity, with its sub-entities' rows.
    ///   - offset: How many selected rows come before the page.
    ///   - limit: The most rows on the page.
    ///   - query: The rows and their order.
    ///   - cancellation: Set from another thread while the page is read, it ends the read at once (a filter
    ///     typed further no longer needs it), which then throws.
    /// - Returns: The page.
    /// - Throws: ``ExportError`` for a query (a predicate) without a model to evaluate it by; ``StoreError``
    ///   when the snapshot cannot be read, or, in the category ``FailureCategory/cancelled``, when the read
    ///   was stopped.
    package func page(
        entity: String, offset: Int, limit: Int, query: RowQuery = .all, cancellation: CancellationFlag? = nil
    ) throws -> EntityRowPage {
        guard query.predicate != nil else {
            let known = lastPage.withLock { last in last.flatMap { $0.entity == entity && $0.query == query ? $0.page : nil } }
            let start = Self.start(offset: max(0, offset), limit: limit, beside: known)
            // A search looks for the text each column shows, which the model's layout decides.
            let shown = query.search == nil ? nil : try columns(of: entity)
            let page = try pager.page(
                entity: entity, from: start, limit: limit, query: query, shown: shown, cancellation: cancellation)
            lastPage.withLock { $0 = (entity, query, page) }
            return page
        }
        guard let model else {
            throw ExportError(
                store: store, message: "a query needs the store's model, and none was found", category: .invalidInput)
        }
        return try pager.page(
            entity: entity, offset: offset, limit: limit, query: query, model: model, cancellation: cancellation)
    }

    /// The quickest way to the `limit` rows from `offset`: the fewest rows skipped from the first row, the
    /// end, or either end of the `known` page of the same query.
    static func start(offset: Int, limit: Int, beside known: EntityRowPage?) -> PageStart {
        var candidates = [(offset, PageStart.first(skip: offset))]
        if let known {
            let fromEnd = known.totalRows - limit - offset
            if fromEnd >= 0 { candidates.append((fromEnd, .last(skip: fromEnd))) }
            if let last = known.lastKey, offset > last.position {
                candidates.append((offset - last.position - 1, .after(last, skip: offset - last.position - 1)))
            }
            if let first = known.firstKey, offset + limit <= first.position {
                let skip = first.position - offset - limit
                candidates.append((skip, .before(first, skip: skip)))
            }
        }
        return candidates.min { $0.0 < $1.0 }?.1 ?? .first(skip: offset)
    }

    /// What each column of `entity`'s table holds for it, as the engine lays the model out (a clashing name's
    /// suffix included), read once per entity.
    ///
    /// - Parameter entity: The entity.
    /// - Returns: The layout; nil without a model, which alone names and types columns, for an entity it
    ///   does not have, or when the store lacks a table or column the model implies: the rows are then shown
    ///   as stored (what the user came to see), and `verify` names what is missing.
    /// - Throws: ``StoreError`` when the snapshot cannot be read.
    package func columns(of entity: String) throws -> EntityColumns? {
        guard let model else { return nil }
        if let known = layouts.withLock({ $0[entity] }) { return known }
        let found: EntityColumns?
        do {
            found = try pager.columns(of: entity, model: model)
        } catch is ExportError {
            return nil
        }
        layouts.withLock { $0[entity] = found }
        return found
    }

    /// What each column of `page` holds, to show it: the model's layout of its entity (``columns(of:)``), or
    /// every column as stored (``EntityColumns/asStored(entity:columns:)``) where no model or no entity of it is
    /// known, or where the table lacks a column the model implies: the rows are still shown, and `verify`
    /// names what is missing.
    ///
    /// - Parameter page: A page of this session.
    /// - Returns: The layout to show the page by.
    /// - Throws: ``StoreError`` when the snapshot cannot be read.
    package func shownColumns(of page: EntityRowPage) throws -> EntityColumns {
        try columns(of: page.entity) ?? EntityColumns.asStored(entity: page.entity, columns: page.columns)
    }

    /// The objects each to-many relationship of object `key` of `entity` leads to (at most `limit` each),
    /// where the model says they are kept; none without a model, which alone names relationships.
    package func related(entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
        guard let model else { return [] }
        return try pager.related(entity: entity, key: key, model: model, limit: limit)
    }
}
