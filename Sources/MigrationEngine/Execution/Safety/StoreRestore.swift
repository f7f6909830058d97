import Foundation

/// Puts a store back to one of its backups, under the store lock, after checking the backup against its
/// manifest and that it was taken of this store. The current files are backed up first, so a restore can
/// itself be undone; the database then moves in through the same journaled swap as a migration, so a kill at
/// any instant leaves the complete current store or the complete restored one.
package enum StoreRestore {
    /// Restores `backupID` (the newest backup when nil) over the store and records it in the history log.
    ///
    /// - Parameters:
    ///   - storePath: The store's `.sqlite` file.
    ///   - backupID: The backup's identifier; nil for the newest.
    ///   - backupRoot: a shared backup folder, or nil for the one beside the store.
    ///   - currentVersion: The version the store is at now, if known: the backup of the replaced files and the
    ///     history record carry it, so a restore can itself be undone knowing what it brings back.
    ///   - stageHook: Called at each stage of the swap (tests crash the process there).
    /// - Returns: the history record, whose `backup` names the backup restored from and whose `detail` names
    ///   the backup of the files that were replaced (and warns when the record could not be written).
    /// - Throws: ``ExecutionError`` when the store is locked, an earlier swap cannot be recovered, the backup is
    ///   missing, damaged or of another store, or a file cannot be copied or moved; after the journal is
    ///   written, the store is left for recovery.
    @discardableResult
    package static func restore(
        storePath: String, backupID: String?, backupRoot: String?, currentVersion: String? = nil,
        stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in }
    ) throws(ExecutionError) -> RunRecord {
        let started = Date()
        let paths = StorePaths(storePath: storePath)
        let root = ExecutionOptions(backupRoot: backupRoot).backupRoot(for: paths.storePath)
        let backups = BackupStore(root: root)
        let lock = try StoreLock(storePath: paths.storePath)
        defer { lock.release() }
        try backups.checkOwnFiles()
        _ = try Recovery.recoverIfNeeded(storePath: paths.storePath, locked: [paths.storePath])
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let marker = RunMarker(run: run, action: .restore, started: started, backupRoot: root)
        try marker.write(beside: paths.storePath)
        let temporary = paths.temporary(run: run, step: 0)
        let (manifest, safety): (BackupManifest, BackupManifest)
        do {
            (manifest, safety) = try swapIn(
                backupID, from: backups, over: paths, temporary: temporary, run: run, currentVersion: currentVersion,
                stageHook: stageHook)
        } catch {
            // Before the journal exists nothing of the store has moved; after, the journal is left for recovery.
            if !FileManager.default.fileExists(atPath: paths.journal) {
                TemporaryFile.remove(temporary)
                try marker.remove(beside: paths.storePath)
            }
            throw error
        }
        var record = RunRecord(
            run: run, action: .restore, storePath: paths.storePath, started: started, finished: Date(),
            from: currentVersion, to: manifest.version, steps: [], result: .succeeded,
            detail: "the replaced files are in backup \(safety.id)", backup: manifest.id)
        do {
            try RunHistory(root: root).append(record)
            try marker.remove(beside: paths.storePath)
        } catch {
            record.detail = (record.detail ?? "") + "; warning: \(error)"
        }
        return record
    }

    /// Checks the backup, builds the new file beside the store, backs up the current files and swaps.
    private static func swapIn(
        _ backupID: String?, from backups: BackupStore, over paths: StorePaths, temporary: String, run: String,
        currentVersion: String?, stageHook: @escaping @Sendable (SwapStage) -> Void
    ) throws(ExecutionError) -> (restored: BackupManifest, safety: BackupManifest) {
        let manifest = try backups.manifestToRestore(backupID, for: paths.storePath)
        try backups.verify(manifest)
        try RestoreStaging(backups: backups, manifest: manifest, paths: paths).build(at: temporary)
        let safety = try backups.create(of: paths.storePath, version: currentVersion, targetVersion: manifest.version)
        let journal = try SwapJournalBuilder.make(
            run: run, action: .restore,
            moves: [.init(store: paths.storePath, temporary: temporary, backupRoot: backups.root, backup: safety)])
        try StoreSwap(journal: journal, stageHook: stageHook).run()
        try BackupRestorer(backups: backups, manifest: manifest).restoreSupportFolder(to: paths)
        return (manifest, safety)
    }
}
