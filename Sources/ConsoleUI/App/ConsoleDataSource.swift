import MigrationEngine

/// What the console asks of the engine: read a store, plan, page rows, run a migration.
///
/// The console calls the first three on the UI thread (they are quick reads) and ``migrate`` on its own
/// engine thread, which is why implementations must be `Sendable`.
public protocol ConsoleDataSource: Sendable {
    /// Reads a store and compares it with the model's versions.
    func loadStore(at path: String) throws -> LoadedStore
    /// Plans the chain from the store's version to `target`.
    func plan(storePath: String, target: String) throws -> PlanInfo
    /// Reads `limit` rows of an entity starting at `offset`, read-only.
    func rows(storePath: String, entity: String, offset: Int, limit: Int) throws -> BrowserPage
    /// Runs (or dry-runs) the migration, reporting events; throws when it fails or is cancelled.
    func migrate(storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
        cancellation: CancellationFlag) throws
}
