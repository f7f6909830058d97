import GRDB

extension EntityRowPager {
    /// Reads a page as ``page(entity:offset:limit:query:)`` does; with a ``RowQuery/predicate``, of the objects
    /// for which the query is true, found as `rows --where` finds them (the same evaluation, by `model`, with
    /// the same SQL prefilter) in the query's order. The page's `totalRows` counts every match: the whole
    /// entity is read once per page, a page of keys at a time in memory.
    ///
    /// - Parameters:
    ///   - entity: The entity, with its sub-entities' rows.
    ///   - offset: How many matching rows come before the page.
    ///   - limit: The most rows on the page.
    ///   - query: The rows and their order.
    ///   - model: The version of the model the store is at (or its cached model), which types the values.
    ///   - cancellation: Set meanwhile, it ends the read (a ``StoreError`` `.stopped`, a cancellation).
    /// - Returns: The page.
    /// - Throws: ``ExportError`` for an invalid or failing query or a sort column the entity does not have;
    ///   ``StoreError`` when the snapshot cannot be read or the read was stopped.
    package func page(
        entity: String, offset: Int, limit: Int, query: RowQuery, model: ObjectModel, cancellation: CancellationFlag? = nil
    ) throws -> EntityRowPage {
        guard query.predicate != nil else {
            let shown = query.search == nil ? nil : try columns(of: entity, model: model)
            return try page(
                entity: entity, from: .first(skip: offset), limit: limit, query: query, shown: shown,
                cancellation: cancellation)
        }
        let (keys, total): ([Int64], Int)
        do {
            (keys, total) = try readKeys(
                entity: entity, offset: offset, limit: limit, query: query, model: model, cancellation: cancellation)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            // Stopped as a page without a predicate is: one outcome for the caller, whichever was read.
            throw StoreError.reading(error, path: snapshot.originalPath)
        }
        var keyed = query
        keyed.predicate = nil
        keyed.keys = keys
        let shown = keyed.search == nil ? nil : try columns(of: entity, model: model)
        var page = try page(
            entity: entity, from: .first(skip: 0), limit: limit, query: keyed, shown: shown, cancellation: cancellation)
        page.offset = max(0, offset)
        page.totalRows = total
        return page
    }

    /// The keys of the `limit` objects from `offset` for which `query` is true, in its order, and how many
    /// there are in all.
    private func readKeys(
        entity: String, offset: Int, limit: Int, query: RowQuery, model: ObjectModel, cancellation: CancellationFlag?
    ) throws -> ([Int64], Int) {
        let path = snapshot.originalPath
        let names = entityNames
        return try queue.read { db -> ([Int64], Int) in
            try db.stopping(on: cancellation) {
                // Object URIs are not needed to find keys, so no store UUID is read for them.
                let source = try StoreObjectSource(store: path, model: model, names: names, storeUUID: "", db: db)
                let reader = try source.reader(entity: entity, includingSubentities: true)
                let selection = try ObjectSelection(query, reader: reader, source: source, db: db)
                var keys: [Int64] = []
                var total = 0
                try reader.read(db, where: selection.condition, order: selection.order, expressionValues: true) {
                    object, values in
                    guard try selection.keeps(object, values: values) else { return true }
                    if total >= max(0, offset), keys.count < limit { keys.append(object.primaryKey) }
                    total += 1
                    return true
                }
                return (keys, total)
            }
        }
    }
}
