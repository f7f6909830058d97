import Foundation

/// Backing up the files a swap replaces by hard link instead of copy, and breaking such links again
/// wherever an original would stay in use.
///
/// The database, its `-wal` and `-journal` leave the store's folder only by rename (the swap renames the new
/// file over the database and parks the logs aside), so after a successful swap the backup holds the only
/// name of the original's inodes and nothing writes through them. The `-shm` (written in place by every
/// SQLite connection) and the external data folder (still in use after the swap) are always copied.
/// Wherever the original stays live — a swap undone, a run killed between its backup and its swap — the
/// backup's shared files are replaced by copies (``detach(backupFolder:from:)``), so the app's later writes
/// never reach into a backup.
enum BackupLink {
    /// The sidecars a backup may link: what the swap moves away by rename.
    static let linkedSuffixes = ["", "-wal", "-journal"]

    /// Links `source` at `target`; false when the filesystem cannot (another device, no hard links), so the
    /// caller copies instead.
    static func link(_ source: String, to target: String) throws(ExecutionError) -> Bool {
        if Foundation.link(source, target) == 0 {
            DurableFile.syncDirectory(of: target)
            return true
        }
        switch errno {
        case EXDEV, EPERM, ENOTSUP, EMLINK, EACCES: return false
        default:
            throw ExecutionError(.io, path: source, message: "cannot link into the backup: \(String(cString: strerror(errno)))")
        }
    }

    /// Replaces each file of the backup folder that shares its inode with the live store's database or
    /// log by a copy of itself, so the live files can be written without changing the backup.
    static func detach(backupFolder: String, from storePath: String) throws(ExecutionError) {
        let paths = StorePaths(storePath: storePath)
        for suffix in linkedSuffixes {
            let live = paths.storePath + suffix
            let kept = backupFolder + "/" + paths.fileName + suffix
            guard let shared = identity(live), identity(kept) == shared else { continue }
            let copy = kept + ".detaching"
            try DurableFile.remove(copy)
            try DurableFile.copy(kept, to: copy)
            try DurableFile.rename(copy, to: kept)
        }
    }

    /// Detaches every backup of the store in `root` (complete or partial) from the live files.
    static func detachAll(in root: String, from storePath: String) throws(ExecutionError) {
        for name in try BackupStore(root: root).folderNames().sorted() {
            try detach(backupFolder: root + "/backups/" + name, from: storePath)
        }
    }

    /// Whether two paths name the same file (device and inode).
    static func sharesInode(_ one: String, _ other: String) -> Bool {
        guard let first = identity(one) else { return false }
        return identity(other) == first
    }

    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
