import Foundation

/// Assembles the journal of a run from its validated temporaries and the backups just taken.
enum SwapJournalBuilder {
    /// One store to swap: its new file and the backup (with the root holding it) of its current files.
    struct Move {
        var store: String
        var temporary: String
        var backupRoot: String
        var backup: BackupManifest
        /// The new store's digest taken ahead of time, used only if the file is unchanged since.
        var newDigest: StampedDigest?
    }

    static func make(run: String, action: RunRecord.Action, moves: [Move]) throws(ExecutionError) -> SwapJournal {
        var members: [SwapJournal.Member] = []
        for move in moves {
            let paths = StorePaths(storePath: move.store)
            guard let newDigest = move.newDigest?.digest(ifUnchanged: move.temporary) ?? FileDigest.sha256(move.temporary)
            else {
                throw ExecutionError(.io, path: move.temporary, message: "the new store disappeared before the swap")
            }
            guard let original = move.backup.files.first(where: { $0.name == paths.fileName }) else {
                throw ExecutionError(.backupDamaged, path: move.store, message: "the backup lacks the database file")
            }
            var parked: [String: String] = [:]
            for suffix in StoreFileList.logs { parked[suffix] = paths.parked(run: run, suffix: suffix) }
            members.append(
                SwapJournal.Member(
                    storePath: paths.storePath, temporaryPath: move.temporary, newDigest: newDigest,
                    originalDigest: original.sha256,
                    original: try StoreFingerprint.take(database: paths.storePath, wal: paths.storePath + "-wal"),
                    backupFolder: BackupStore(root: move.backupRoot).folder(of: move.backup.id), parked: parked))
        }
        return SwapJournal(run: run, action: action, started: Date(), members: members)
    }
}
