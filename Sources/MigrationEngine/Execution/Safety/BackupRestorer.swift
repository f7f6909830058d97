import Foundation

/// Puts a backup's files back in place of a store's current files: each file is copied beside the store and
/// renamed over the live one (never a half-written store file), sidecars the backup does not have are removed
/// (an old store must never meet a newer log), and the external data folder is replaced as a whole.
struct BackupRestorer {
    let backups: BackupStore
    let manifest: BackupManifest

    /// Restores every file of the manifest beside `storePath`; the backup must have been verified.
    func restoreAll(to storePath: String) throws(ExecutionError) {
        let paths = StorePaths(storePath: storePath)
        let source = backups.folder(of: manifest.id)
        // Sidecars first: removing a newer -wal before the old database returns keeps SQLite from replaying it.
        // The -shm is an index SQLite rebuilds from the -wal; restoring a stale one would only risk confusion.
        for suffix in StoreFileList.sidecars
        where suffix == "-shm" || !manifest.files.contains(where: { $0.name == paths.fileName + suffix }) {
            try DurableFile.remove(paths.storePath + suffix)
        }
        let database = manifest.files.filter { $0.name == paths.fileName }
        let sidecars = manifest.files.filter { $0.name.hasPrefix(paths.fileName + "-") && $0.name != paths.fileName + "-shm" }
        for entry in database + sidecars {
            let copy = paths.prefix + "restore-" + entry.name
            try DurableFile.copy(source + "/" + entry.name, to: copy)
            try DurableFile.rename(copy, to: paths.folder + "/" + entry.name)
        }
        try restoreSupportFolder(to: paths)
    }

    /// Replaces the store's external data folder by the backup's (or removes it when the backup has none).
    func restoreSupportFolder(to paths: StorePaths) throws(ExecutionError) {
        let source = backups.folder(of: manifest.id)
        let supportName = URL(fileURLWithPath: paths.supportFolder).lastPathComponent
        let staging = paths.prefix + "restore"
        try DurableFile.removeTree(staging)
        for entry in manifest.files where entry.name.hasPrefix(supportName + "/") {
            let target = staging + "/" + entry.name
            try DurableFile.makeFolder(URL(fileURLWithPath: target).deletingLastPathComponent().path)
            try DurableFile.copy(source + "/" + entry.name, to: target)
        }
        let hasBackup = FileManager.default.fileExists(atPath: staging + "/" + supportName)
        let hasLive = FileManager.default.fileExists(atPath: paths.supportFolder)
        if hasBackup || hasLive {
            let old = paths.prefix + "restore-old-support"
            if hasLive { try DurableFile.rename(paths.supportFolder, to: old) }
            if hasBackup { try DurableFile.rename(staging + "/" + supportName, to: paths.supportFolder) }
            try DurableFile.removeTree(old)
        }
        try DurableFile.removeTree(staging)
    }
}
