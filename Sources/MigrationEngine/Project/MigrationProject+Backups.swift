import Foundation

extension MigrationProject {
    /// The store's recorded runs (migrations, dry runs, restores, recoveries, interrupted runs) and its
    /// backups. An interrupted swap is recovered first, so a killed run and its recovery appear in the list.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - backupRoot: The folder given as `--backup-dir`; nil for `.cdmigrate/<store>` beside the store.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap is recovered.
    /// - Returns: The backup folder, the recorded runs and the backups.
    /// - Throws: ``StoreError`` when `store` is missing or not a regular file (a folder, a FIFO);
    ///   ``ExecutionError`` when the history log or a backup manifest cannot be read.
    public func history(
        store: String, backupRoot: String? = nil, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreHistory {
        try recoverIfNeeded(store: store, report: report)
        // After recovery, which may put a store back in place: a path that is no store file is an error, not
        // an empty history (a mistyped path would otherwise look like a store never migrated).
        var info = stat()
        guard stat(store, &info) == 0 else {
            throw StoreError(errno == ENOENT ? .notFound : .unreadable, path: store, message: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError(.unreadable, path: store, message: "not a regular file")
        }
        let root = ExecutionOptions(backupRoot: backupRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            .backupRoot(for: store)
        return StoreHistory(
            root: root, records: try RunHistory(root: root).records(),
            backups: try BackupStore(root: root).list(skipped: { report(.log($0)) }))
    }

    /// Puts a store back to one of its backups (the newest by default) through the same journaled swap as a
    /// migration, recovering an interrupted swap first.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - backup: The backup's identifier; nil for the newest.
    ///   - backupRoot: The folder given as `--backup-dir`; nil for the default beside the store.
    ///   - stageHook: Called at each stage of the swap (tests crash the process there).
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap is recovered.
    /// - Returns: The history record of the restore.
    /// - Throws: ``ExecutionError`` when the backup is missing, damaged or not of this store.
    @discardableResult
    public func restore(
        store: String, backup: String? = nil, backupRoot: String? = nil,
        stageHook: @escaping @Sendable (SwapStage) -> Void = { _ in }, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> RunRecord {
        try recoverIfNeeded(store: store, report: report)
        return try StoreRestore.restore(
            storePath: store, backupID: backup,
            backupRoot: backupRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            currentVersion: versionNow(of: store), stageHook: stageHook)
    }

    /// The model version the store fits now, to label the backup of the files a restore replaces; nil without a
    /// model or when no version fits. Only a label: a store that cannot be read is still restored (a damaged
    /// store is what a restore is often for), and its backup then says its version is unknown.
    private func versionNow(of store: String) -> String? {
        guard bundle != nil else { return nil }
        do {
            return try inspect(store: store).compatibility?.compatibleVersion
        } catch {
            return nil
        }
    }
}
