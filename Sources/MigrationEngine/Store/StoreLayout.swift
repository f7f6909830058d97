/// Where a new store's schema objects come in `sqlite_master`, as Core Data lays them out by how the store
/// came to be (``StoreSchema/createStatements(_:triggers:)``).
package enum StoreLayout: Sendable, Hashable {
    /// A store created empty: tables, indexes, triggers, then the bookkeeping tables.
    case fresh
    /// A migration's result: the bookkeeping tables, then the tables; the step writes its rows, then
    /// creates every index and the triggers.
    case migrated
}
