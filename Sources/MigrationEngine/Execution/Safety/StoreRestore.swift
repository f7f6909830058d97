import Foundation

/// Puts a store back to one of its backups, under the store lock, after checking the backup against its
/// manifest. The current files are backed up first, so a restore can itself be undone.
public enum StoreRestore {
    /// Restores `backupID` (the newest backup when nil) over the store and records it in the history log.
    /// - Returns: the history record, whose `backup` names the backup restored from and whose `detail` names
    ///   the backup of the files that were replaced.
    @discardableResult
    public static func restore(storePath: String, backupID: String?, backupRoot: String?) throws(ExecutionError) -> RunRecord {
        let started = Date()
        let root = backupRoot ?? StorePaths(storePath: storePath).defaultBackupRoot
        let backups = BackupStore(root: root)
        let lock = try StoreLock(storePath: storePath)
        defer { lock.release() }
        _ = try Recovery.recoverIfNeeded(storePath: storePath, locked: [StorePaths(storePath: storePath).storePath])
        guard let id = backupID ?? backups.list().last?.id else {
            throw ExecutionError(.backupNotFound, path: root, message: "no backups of this store")
        }
        let manifest = try backups.manifest(of: id)
        try backups.verify(manifest)
        let safety = try backups.create(of: storePath, version: nil, targetVersion: manifest.version)
        try BackupRestorer(backups: backups, manifest: manifest).restoreAll(to: storePath)
        let record = RunRecord(
            run: String(UUID().uuidString.prefix(8)).lowercased(), action: .restore,
            storePath: StorePaths(storePath: storePath).storePath, started: started, finished: Date(),
            from: nil, to: manifest.version, steps: [], result: .succeeded,
            detail: "the replaced files are in backup \(safety.id)", backup: id)
        try RunHistory(root: root).append(record)
        return record
    }
}
