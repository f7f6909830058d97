/// One store to migrate and the chain chosen for it.
public struct MigrationJob: Sendable {
    /// The store's database file.
    public var storePath: String
    /// The chain to run.
    public var plan: MigrationPlan
    /// Whether the run checks the store with SQLite's `quick_check` (beside the first step), because
    /// planning did not.
    package var checksIntegrity: Bool

    /// Creates a job; without `checksIntegrity: false` the run checks the store itself.
    package init(storePath: String, plan: MigrationPlan, checksIntegrity: Bool = true) {
        self.storePath = storePath
        self.plan = plan
        self.checksIntegrity = checksIntegrity
    }
}

/// How a run behaves.
public struct ExecutionOptions: Sendable {
    /// Do everything but the swap, then remove the temporaries.
    public var dryRun: Bool
    /// Where backups and the history log go; nil for the default beside each store (`.cdmigrate/<file>`).
    /// Each store gets its own folder inside it (see ``StorePaths/keyedBackupRoot(in:)``).
    public var backupRoot: String?
    /// Asks the run to stop at the next batch boundary.
    public var cancellation: CancellationFlag
    /// Called at each stage of a swap (tests crash the process there).
    public var stageHook: @Sendable (SwapStage) -> Void
    /// How the source store's snapshot treats a `-wal` SQLite would apply only in part.
    public var snapshot: SnapshotOptions
    /// What becomes of a store's objects that break its model: refused (the default; the error names the
    /// first), or repaired in the run's copy before the first step, every change reported
    /// (``MigrationEvent/repaired(store:repairs:)``) and recorded, objects set aside in a side store beside the
    /// store (published only when the migrated store is swapped in).
    public var brokenObjects: BrokenObjectPolicy

    /// Creates options: a real run, default backups, not cancelled, a lossy `-wal` refused.
    ///
    /// - Parameters:
    ///   - dryRun: Do everything but the swap, then remove the temporaries.
    ///   - backupRoot: A shared folder for backups and history (`--backup-dir`); nil for each store's
    ///     `.cdmigrate/<file>` beside it.
    ///   - cancellation: Set it to stop the run at the next batch boundary; the originals are then untouched.
    ///   - stageHook: Called at each stage of a swap (tests crash the process there).
    ///   - snapshot: How the source store's snapshot treats a `-wal` SQLite would apply only in part.
    ///   - brokenObjects: Whether objects that break the store's model are refused or repaired.
    public init(
        dryRun: Bool = false, backupRoot: String? = nil, cancellation: CancellationFlag = CancellationFlag(),
        stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in }, snapshot: SnapshotOptions = .init(),
        brokenObjects: BrokenObjectPolicy = .refuse
    ) {
        self.snapshot = snapshot
        self.brokenObjects = brokenObjects
        self.dryRun = dryRun
        self.backupRoot = backupRoot
        self.cancellation = cancellation
        self.stageHook = stageHook
    }

    /// The backup root used for a store: its own folder, beside it or inside the shared `backupRoot`.
    ///
    /// - Parameter storePath: The store's database file.
    /// - Returns: The folder holding the store's backups, journal and history log (it need not exist yet).
    public func backupRoot(for storePath: String) -> String {
        let paths = StorePaths(storePath: storePath)
        return backupRoot.map(paths.keyedBackupRoot(in:)) ?? paths.defaultBackupRoot
    }
}
