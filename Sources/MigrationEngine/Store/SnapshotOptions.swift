/// How a ``StoreSnapshot`` treats a store that SQLite would read only in part.
public struct SnapshotOptions: Sendable, Hashable {
    /// Take the snapshot even when the `-wal` holds committed transactions SQLite would drop (a damaged
    /// frame mid-log) or does not belong to the database; the snapshot then holds what SQLite can apply.
    public var acceptWALLoss: Bool
    /// Salvage only: repair the copy's 100-byte header where it alone keeps SQLite from reading the pages
    /// (overwritten, or promising pages a cut-short file lacks); see ``StoreSnapshot/headerRepairs``.
    public var repairsHeader: Bool
    /// Salvage only: when the `-wal` is refused as not this store's (``WriteAheadLogOwnership``), set it aside
    /// in the copy, leaving the database to be read alone, instead of failing; salvage then decides whether to
    /// put it back (see ``StoreSnapshot/setAsideLog``).
    public var readsDatabaseAloneWhenLogRefused: Bool
    /// A real migration run only: hash each file while it is copied and keep what was copied
    /// (``StoreSnapshot/copiedFiles``), so the copy can become the run's backup (``SnapshotBackup``). Off
    /// elsewhere, where the kernel moves the bytes without the process hashing them.
    package var digestsCopies = false

    /// Refuses a lossy `-wal` unless `acceptWALLoss`, a damaged header unless `repairsHeader`, and a `-wal`
    /// that is not the store's unless `readsDatabaseAloneWhenLogRefused`.
    ///
    /// - Parameters:
    ///   - acceptWALLoss: Read what SQLite can apply of a `-wal` that would lose committed transactions.
    ///   - repairsHeader: Salvage only: repair the copy's database header.
    ///   - readsDatabaseAloneWhenLogRefused: Salvage only: set aside a `-wal` that is not the store's.
    public init(acceptWALLoss: Bool = false, repairsHeader: Bool = false, readsDatabaseAloneWhenLogRefused: Bool = false) {
        self.acceptWALLoss = acceptWALLoss
        self.repairsHeader = repairsHeader
        self.readsDatabaseAloneWhenLogRefused = readsDatabaseAloneWhenLogRefused
    }
}
