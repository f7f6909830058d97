import Foundation

/// Brings a store whose run was interrupted back to a complete store, and records what it did.
///
/// This is the one entry point every front end calls before it reads or changes a store. When a
/// ``SwapJournal`` lies beside the store, all stores of the interrupted run are treated together. An app may
/// have opened a store after the crash, before this runs: a store it wrote to keeps what it holds now (new
/// or original) and nothing is renamed over it. The others follow: when no original was written and every
/// new file is in place or waiting intact, the swap is finished; otherwise they are put back to their
/// originals. Only when an app wrote to a new store and to an original do the stores of the run end apart
/// (``Outcome/split``). Both paths are idempotent, and the choice cannot flip halfway (finishing never removes
/// a new file; undoing never creates one), so a crash during recovery is recovered by the next run.
/// Then the leftovers of killed runs (temporaries, snapshots, parked files, partial backups) are removed, and
/// each killed run and the recovery are appended to the history log.
public enum Recovery {
    /// How an interrupted swap ended.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Every store now holds the migrated data.
        case finishedSwap = "finished-swap"
        /// Every store now holds its original data again.
        case restoredOriginal = "restored-original"
        /// An original was written after the crash: every store keeps or gets back its original data (with
        /// what the app wrote), the new files were discarded.
        case keptNewerData = "kept-newer-data"
        /// An app wrote after the crash both to a store already swapped and to one not yet swapped: each keeps
        /// the data written to it, so the stores of the run are no longer at one version (the history says
        /// which store kept which).
        case split
    }

    /// What recovery did to the stores of one journal.
    struct Resolution: Sendable, Hashable {
        /// How the swap ended.
        var outcome: Outcome
        /// The stores that hold their new data after a ``Outcome/split``.
        var keptNew: Set<String> = []
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
            let resolution = try resolve(current, stageHook: stageHook)
            let outcome = resolution.outcome
            for member in current.members {
                let side = resolution.keptNew.contains(member.storePath) ? "its new data" : "its original data"
                let note = outcome == .split ? " (an app wrote to stores of the run after the crash; this one keeps \(side))" : ""
                try RunHistory(root: BackupLocation.root(of: member.backupFolder)).append(
                    RunRecord(
                        run: current.run, action: .recover, storePath: member.storePath, started: started, finished: Date(),
                        from: nil, to: nil, steps: [], result: .succeeded,
                        detail:
                            "\(current.action.rawValue) run \(current.run) was interrupted during its swap: \(outcome.rawValue)\(note)",
                        backup: URL(fileURLWithPath: member.backupFolder).lastPathComponent, outcome: outcome))
            }
            result = (current, outcome)
        }
        for store in Set(stores + locked.filter { $0 == paths.storePath }) { try LeftoverSweep(storePath: store).run() }
        return result
    }

    /// Finishes or undoes an interrupted swap; the caller holds every member's lock.
    static func resolve(_ journal: SwapJournal, stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in })
        throws(ExecutionError) -> Resolution
    {
        // A store an app wrote to after the crash keeps the side it was written on, whatever the others do.
        var keptNew: Set<String> = []
        var keptOld: Set<String> = []
        for member in journal.members {
            if member.isSwapped {
                if member.newStoreIsWritten { keptNew.insert(member.storePath) }
            } else if try !member.originalIsUnchanged() {
                keptOld.insert(member.storePath)
            }
        }
        if keptOld.isEmpty, journal.members.allSatisfy(\.canFinish) {
            try StoreSwap(journal: journal, stageHook: stageHook).rollForward()
            return Resolution(outcome: .finishedSwap)
        }
        for member in journal.members {
            if keptNew.contains(member.storePath) {
                // It stays new: its parked logs are the original's, which its backup holds.
                for parked in member.parked.values { try DurableFile.remove(parked) }
            } else {
                try restoreOriginal(member, run: journal.run, written: keptOld.contains(member.storePath))
            }
            stageHook(.storeRestored)
        }
        try journal.remove()
        // Only now may the temporaries go: while the journal exists, a missing temporary means the swap
        // renamed it into place (``SwapJournal/Member/isSwapped``), so removing one earlier would make the
        // next run, after a crash here, take a restored store that an app wrote for a new one.
        for member in journal.members { try DurableFile.remove(member.temporaryPath) }
        if !keptNew.isEmpty { return Resolution(outcome: .split, keptNew: keptNew) }
        return Resolution(outcome: keptOld.isEmpty ? .restoredOriginal : .keptNewerData)
    }

    /// Puts one store back to its original. `written`: the original (not yet replaced) was written after the
    /// crash, so none of its parked logs may come back beside it.
    private static func restoreOriginal(_ member: SwapJournal.Member, run: String, written: Bool) throws(ExecutionError) {
        let paths = StorePaths(storePath: member.storePath)
        if member.isSwapped {
            // The new file is in place and unwritten: the original set comes back whole from the backup.
            let backups = BackupStore(root: BackupLocation.root(of: member.backupFolder))
            let manifest = try backups.manifest(
                of: URL(fileURLWithPath: member.backupFolder).lastPathComponent, for: member.storePath)
            try backups.verify(manifest)
            try BackupRestorer(backups: backups, manifest: manifest).restoreAll(to: member.storePath)
            for parked in member.parked.values { try DurableFile.remove(parked) }
        } else {
            for (suffix, parked) in member.parked.sorted(by: { $0.key < $1.key }) where StoreFileList.isFile(parked) {
                if written || StoreFileList.isFile(paths.storePath + suffix) {
                    // SQLite would replay an old log over the pages an app wrote since (silently undoing them,
                    // or leaving a malformed database): set it aside in the backup folder instead, beside the
                    // backup's own copy of it.
                    let kept = member.backupFolder + "/parked-\(run)" + suffix
                    try DurableFile.remove(kept)
                    _ = try BackupCopy.copy(parked, to: kept, expecting: nil)
                    try DurableFile.remove(parked)
                } else {
                    try DurableFile.rename(parked, to: paths.storePath + suffix)
                }
            }
        }
    }
}
