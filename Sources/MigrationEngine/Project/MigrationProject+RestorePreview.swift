import Foundation

extension MigrationProject {
    /// What ``restore(store:backup:backupRoot:stageHook:report:)`` would discard, for a front end to show
    /// before it asks: the backup it would put back, the store's rows per entity now and in the backup, and
    /// whether the store was written after the run that took the backup. Both stores are only read; one
    /// that cannot be read is named in ``RestorePreview/problems`` rather than thrown, since a damaged store
    /// is what a restore is often for.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - backup: The backup's identifier; nil for the newest.
    ///   - backupRoot: The folder given as `--backup-dir`; nil for the default beside the store.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap is recovered.
    /// - Returns: The preview.
    /// - Throws: ``ExecutionError`` when there is no such backup, it is not of this store, or the history log
    ///   cannot be read.
    public func restorePreview(
        store: String, backup: String? = nil, backupRoot: String? = nil,
        report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> RestorePreview {
        try recoverIfNeeded(store: store, report: report)
        let root = ExecutionOptions(backupRoot: backupRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            .backupRoot(for: store)
        let backups = BackupStore(root: root)
        let manifest = try backups.manifestToRestore(backup, for: store)
        let finished = try RunHistory(root: root).records()
            .last { $0.action == .migrate && $0.result == .succeeded && $0.backup == manifest.id }?.finished
        var problems: [String] = []
        let copy = backups.folder(of: manifest.id) + "/" + StorePaths(storePath: store).fileName
        let before = rows(of: copy, problems: &problems)
        let now = rows(of: store, problems: &problems)
        var names = (before ?? []).map(\.entity)
        names += (now ?? []).map(\.entity).filter { !names.contains($0) }
        let entities = names.map { name in
            RestorePreview.EntityRows(
                entity: name, inBackup: before.map { $0.first { $0.entity == name }?.rows ?? 0 },
                now: now.map { $0.first { $0.entity == name }?.rows ?? 0 })
        }
        return RestorePreview(
            storePath: store, backup: manifest, storeModified: StoreFileList.lastModified(of: store),
            runFinished: finished, entities: entities, problems: problems)
    }

    /// The store's rows per entity, or nil with the reason added to `problems`.
    private func rows(of path: String, problems: inout [String]) -> [EntityRowCount]? {
        do {
            return try StoreReader.read(path: path, checkIntegrity: false, options: snapshot).rowCounts
        } catch {
            problems.append(error.description)
            return nil
        }
    }
}
