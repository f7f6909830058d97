import Foundation

/// Assembles the journal of a run from its validated temporaries and the backups just taken.
enum SwapJournalBuilder {
    static func make(
        run: String, moving: [(store: String, temporary: String)], backups: [BackupManifest], options: ExecutionOptions
    ) throws(ExecutionError) -> SwapJournal {
        var members: [SwapJournal.Member] = []
        for ((store, temporary), backup) in zip(moving, backups) {
            let paths = StorePaths(storePath: store)
            guard let newDigest = FileDigest.sha256(temporary) else {
                throw ExecutionError(.io, path: temporary, message: "the migrated store disappeared before the swap")
            }
            guard let original = backup.files.first(where: { $0.name == paths.fileName }) else {
                throw ExecutionError(.backupDamaged, path: store, message: "the backup lacks the database file")
            }
            var parked: [String: String] = [:]
            for suffix in ["-wal", "-journal"] { parked[suffix] = paths.parked(run: run, suffix: suffix) }
            members.append(SwapJournal.Member(
                storePath: paths.storePath, temporaryPath: temporary, newDigest: newDigest,
                originalDigest: original.sha256,
                backupFolder: BackupStore(root: options.backupRoot(for: store)).folder(of: backup.id), parked: parked))
        }
        return SwapJournal(run: run, started: Date(), members: members)
    }
}
