import Foundation

/// A chain's snapshot of its store, kept past the chain by a real run until the store is backed up, so that
/// its copies can become the backup's files (``SnapshotBackup``) instead of the store being read again. It
/// lives beside the store under the run's name, where the next run's sweep finds it if this one is killed;
/// the run removes it when it ends, whatever the outcome (``ChainExecutor``).
struct HeldSnapshot: Sendable {
    /// The run's snapshot folder beside the store.
    let folder: String
    /// The snapshot inside it.
    let snapshot: StoreSnapshot

    /// What the snapshot copied of the store.
    var copies: [StoreSnapshot.CopiedFile] { snapshot.copiedFiles }

    /// Removes the snapshot and its folder.
    func remove(report: (MigrationEvent) -> Void) { Self.remove(folder, snapshot: snapshot, report: report) }

    /// Removes the snapshot and its folder; a folder that cannot be removed is a warning, since the next run's
    /// sweep removes it.
    static func remove(_ folder: String, snapshot: StoreSnapshot?, report: (MigrationEvent) -> Void) {
        snapshot?.remove()
        do {
            try DurableFile.removeTree(folder)
        } catch {
            report(.log("warning: \(error); the next run removes it"))
        }
    }
}
