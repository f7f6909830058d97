import Foundation

/// Brings a store whose swap was interrupted (a ``SwapJournal`` lies beside it) back to a complete store.
///
/// All stores of the interrupted run are treated together: when every one of them still has its new file
/// (already in place, or waiting intact beside it) the swap is finished; otherwise every store is put back
/// to its original from the parked sidecars and the backup. Both paths are idempotent, and the choice cannot
/// flip halfway (finishing never removes a new file; undoing never creates one), so a crash during recovery
/// is recovered by the next run.
public enum Recovery {
    /// How an interrupted swap ended.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Every store now holds the migrated data.
        case finishedSwap = "finished-swap"
        /// Every store now holds its original data again.
        case restoredOriginal = "restored-original"
    }

    /// Recovers the store at `storePath` (and the other stores of its run) if a journal says a swap was
    /// interrupted; returns nil when there was nothing to recover. `locked` names stores this process
    /// already holds; the others are locked here.
    public static func recoverIfNeeded(
        storePath: String, locked: Set<String> = [], stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in }
    ) throws(ExecutionError) -> (journal: SwapJournal, outcome: Outcome)? {
        guard let journal = try SwapJournal.find(besideStore: storePath) else { return nil }
        var locks: [StoreLock] = []
        defer { locks.forEach { $0.release() } }
        for member in journal.members where !locked.contains(StorePaths(storePath: member.storePath).storePath) {
            locks.append(try StoreLock(storePath: member.storePath))
        }
        if journal.members.allSatisfy(\.canFinish) {
            try StoreSwap(journal: journal, stageHook: stageHook).rollForward()
            return (journal, .finishedSwap)
        }
        for member in journal.members { try restoreOriginal(member) }
        try journal.remove()
        return (journal, .restoredOriginal)
    }

    private static func restoreOriginal(_ member: SwapJournal.Member) throws(ExecutionError) {
        let backups = BackupStore(root: URL(fileURLWithPath: member.backupFolder).deletingLastPathComponent().deletingLastPathComponent().path)
        let manifest = try backups.manifest(of: URL(fileURLWithPath: member.backupFolder).lastPathComponent)
        if FileDigest.sha256(member.storePath) != member.originalDigest {
            try backups.verify(manifest)
            try BackupRestorer(backups: backups, manifest: manifest).restoreAll(to: member.storePath)
        } else {
            let paths = StorePaths(storePath: member.storePath)
            for (suffix, parked) in member.parked where StoreFileList.isFile(parked) {
                try DurableFile.rename(parked, to: paths.storePath + suffix)
            }
            try DurableFile.remove(paths.storePath + "-shm")
        }
        try DurableFile.remove(member.temporaryPath)
    }
}
