import Foundation

extension MigrationProject {
    /// The store's recorded runs (migrations, dry runs, restores, recoveries) and its backups.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - backupRoot: Where the log and backups are; nil for `.cdmigrate/<store>` beside the store.
    public func history(store: String, backupRoot: String? = nil) throws -> StoreHistory {
        let root = backupRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? StorePaths(storePath: store).defaultBackupRoot
        return StoreHistory(root: root, records: RunHistory(root: root).records(), backups: BackupStore(root: root).list())
    }

    /// Puts a store back to one of its backups (the newest by default), recovering an interrupted swap first.
    ///
    /// - Returns: The history record of the restore.
    /// - Throws: ``ExecutionError`` when the backup is missing, damaged or not of this store.
    @discardableResult
    public func restore(
        store: String, backup: String? = nil, backupRoot: String? = nil,
        report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> RunRecord {
        try recoverIfNeeded(store: store, report: report)
        return try StoreRestore.restore(
            storePath: store, backupID: backup,
            backupRoot: backupRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    }
}
