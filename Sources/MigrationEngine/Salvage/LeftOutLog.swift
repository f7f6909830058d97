/// A `-wal` salvage left out, reading the database file alone: applied over what is left of the database it
/// does not give this store (it was written for another one, is older than the file, or no longer fits a
/// file cut short), so its pages cannot be trusted, while the file's own pages still can.
public struct LeftOutLog: Sendable, Hashable, Codable {
    /// Why the `-wal` was left out (``StoreSnapshot/setAsideLog``).
    public var reason: String
    /// Frames of the `-wal`'s current generation (those SQLite would have applied and any after a damaged one).
    public var frames: Int
    /// Committed transactions among those frames.
    public var transactions: Int

    /// The log `snapshot` dropped, or nil when it kept its `-wal` (or had none).
    init?(_ snapshot: StoreSnapshot) {
        guard let reason = snapshot.setAsideLog else { return nil }
        self.reason = reason
        let log = snapshot.writeAheadLog
        frames = log.appliedFrames + log.lostFrames
        transactions = log.appliedTransactions + log.lostTransactions
    }

    /// One line for the report's notes.
    var note: String {
        "the -wal was left out and the database file read alone, because \(reason); "
            + "the \(transactions) committed transaction(s) in its \(frames) frame(s) are not recovered"
    }
}
