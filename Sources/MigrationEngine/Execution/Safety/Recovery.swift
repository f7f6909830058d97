import Foundation

/// Brings a store whose run was interrupted back to a complete store, and records what it did.
///
/// This is the one entry point every front end calls before it reads or changes a store. When a
/// ``SwapJournal`` lies beside the store, all stores of the interrupted run are treated together: when every
/// one of them still has its new file (already in place, or waiting intact beside it) and no original was
/// written since, the swap is finished; otherwise every store is put back to its original, keeping data an
/// app wrote after the crash. Both paths are idempotent, and the choice cannot flip halfway (finishing never
/// removes a new file; undoing never creates one), so a crash during recovery is recovered by the next run.
/// Then the leftovers of killed runs (temporaries, snapshots, parked files, partial backups) are removed, and
/// each killed run and the recovery are appended to the history log.
public enum Recovery {
    /// How an interrupted swap ended.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Every store now holds the migrated data.
        case finishedSwap = "finished-swap"
        /// Every store now holds its original data again.
        case restoredOriginal = "restored-original"
        /// An original was written after the crash: every store keeps its current data, the new files were
        /// discarded.
        case keptNewerData = "kept-newer-data"
    }

    /// Recovers the store at `storePath` (and the other stores of its run) if a journal says a swap was
    /// interrupted, sweeps the leftovers of killed runs, and records both in the history logs; returns nil
    /// when no swap was interrupted. `locked` names stores this process already holds; the others are locked
    /// here (a store another run holds is left alone unless a journal lies beside it).
    package static func recoverIfNeeded(
        storePath: String, locked: Set<String> = [], stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in }
    ) throws(ExecutionError) -> (journal: SwapJournal, outcome: Outcome)? {
        let paths = StorePaths(storePath: storePath)
        StoreSnapshot.removeOrphans()
        let journal = try SwapJournal.find(besideStore: storePath)
        let leftovers = try paths.leftovers()
        // A lock file alone is what a run killed before its first temporary leaves: locking and releasing it
        // removes it.
        guard journal != nil || !leftovers.isEmpty || access(paths.lockFile, F_OK) == 0 else { return nil }
        let stores = Set((journal?.members.map(\.storePath) ?? []) + [paths.storePath]).subtracting(locked).sorted()
        var locks: [StoreLock] = []
        defer { locks.forEach { $0.release() } }
        for store in stores {
            do {
                locks.append(try StoreLock(storePath: store))
            } catch  where error.code == .locked && journal == nil {
                return nil // Another run is working: what lies beside the store is its own, not leftovers.
            }
        }
        var result: (journal: SwapJournal, outcome: Outcome)?
        // Under the lock, look again: the run that held the store may have finished its swap meanwhile.
        if let current = try SwapJournal.find(besideStore: storePath) {
            let started = Date()
            let outcome = try resolve(current, stageHook: stageHook)
            for member in current.members {
                try RunHistory(root: BackupLocation.root(of: member.backupFolder)).append(
                    RunRecord(
                        run: current.run, action: .recover, storePath: member.storePath, started: started, finished: Date(),
                        from: nil, to: nil, steps: [], result: .succeeded,
                        detail:
                            "\(current.action.rawValue) run \(current.run) was interrupted during its swap: \(outcome.rawValue)",
                        backup: URL(fileURLWithPath: member.backupFolder).lastPathComponent))
            }
            result = (current, outcome)
        }
        for store in Set(stores + locked.filter { $0 == paths.storePath }) { try LeftoverSweep(storePath: store).run() }
        return result
    }

    /// Finishes or undoes an interrupted swap; the caller holds every member's lock.
    static func resolve(_ journal: SwapJournal, stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in })
        throws(ExecutionError) -> Outcome
    {
        var changed = false
        for member in journal.members where !member.isSwapped {
            if try !member.originalIsUnchanged() { changed = true }
        }
        if !changed, journal.members.allSatisfy(\.canFinish) {
            try StoreSwap(journal: journal, stageHook: stageHook).rollForward()
            return .finishedSwap
        }
        for member in journal.members { try restoreOriginal(member, run: journal.run) }
        try journal.remove()
        return changed ? .keptNewerData : .restoredOriginal
    }

    private static func restoreOriginal(_ member: SwapJournal.Member, run: String) throws(ExecutionError) {
        let paths = StorePaths(storePath: member.storePath)
        if member.isSwapped {
            // The new file is in place: the original set comes back whole from the backup.
            let backups = BackupStore(root: BackupLocation.root(of: member.backupFolder))
            let manifest = try backups.manifest(
                of: URL(fileURLWithPath: member.backupFolder).lastPathComponent, for: member.storePath)
            try backups.verify(manifest)
            try BackupRestorer(backups: backups, manifest: manifest).restoreAll(to: member.storePath)
            for parked in member.parked.values { try DurableFile.remove(parked) }
        } else {
            for (suffix, parked) in member.parked.sorted(by: { $0.key < $1.key }) where StoreFileList.isFile(parked) {
                if StoreFileList.isFile(paths.storePath + suffix) {
                    // A log begun after the crash is the app's newer data: keep it, and keep the parked one too.
                    let kept = member.backupFolder + "/parked-\(run)" + suffix
                    try DurableFile.copy(parked, to: kept)
                    try DurableFile.remove(parked)
                } else {
                    try DurableFile.rename(parked, to: paths.storePath + suffix)
                }
            }
            // The original stays in use: the backup must not share its files with it.
            try BackupLink.detach(backupFolder: member.backupFolder, from: member.storePath)
        }
        try DurableFile.remove(member.temporaryPath)
    }
}
