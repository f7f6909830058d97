/// What the console asks of the engine to put a store back: its history of runs and backups, and a restore.
///
/// ``history(storePath:)`` is a quick read on the UI thread; ``restore(storePath:backup:)`` runs on a thread
/// of its own while the console says what it is waiting for, which is why implementations are `Sendable`.
package protocol ConsoleRestorer: Sendable {
    /// The store's backups (newest first) and recorded runs.
    func history(storePath: String) throws -> HistoryInfo
    /// Puts the store back to the backup `backup` through the engine's journaled swap.
    func restore(storePath: String, backup: String) throws
}
