/// The points of a swap where a crash leaves a different state on disk; used by tests to stop the process
/// at each one and check that recovery ends at the complete old or complete new store.
public enum SwapStage: String, Sendable, CaseIterable {
    /// Backups are complete and the journal is written; no original file has moved.
    case journalWritten = "journal-written"
    /// The original's sidecars of one store are parked; its database file has not been replaced.
    case sidecarsParked = "sidecars-parked"
    /// One store's database file has been replaced by the new one.
    case databaseReplaced = "database-replaced"
    /// Every store is swapped; parked files and the journal are still there.
    case swapped
    /// Recovery has put one store back to its original, or kept it new; the journal is still there.
    case storeRestored = "store-restored"

    /// The stages a migration's or a restore's own swap reaches (``storeRestored`` is reached only by recovery).
    public static let ofSwap: [SwapStage] = allCases.filter { $0 != .storeRestored }
}
