/// How a ``StoreSnapshot`` treats a store that SQLite would read only in part.
public struct SnapshotOptions: Sendable, Hashable {
    /// Take the snapshot even when the `-wal` holds committed transactions SQLite would drop (a damaged
    /// frame mid-log) or does not belong to the database; the snapshot then holds what SQLite can apply.
    public var acceptWALLoss: Bool

    /// Refuses a lossy `-wal` unless `acceptWALLoss`.
    public init(acceptWALLoss: Bool = false) {
        self.acceptWALLoss = acceptWALLoss
    }
}
