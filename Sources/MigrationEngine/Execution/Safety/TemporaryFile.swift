import Foundation

/// Housekeeping for the temporary stores a run writes beside the original.
enum TemporaryFile {
    /// Removes a temporary store and any SQLite sidecars it has, super-journals included: a commit across
    /// an attached database that fails (a full disk) leaves `<store>-mj<random>` beside it.
    static func remove(_ path: String) {
        for suffix in [""] + StoreFileList.sidecars { unlink(path + suffix) }
        let url = URL(fileURLWithPath: path)
        let prefix = url.lastPathComponent + "-mj"
        guard let names = FileManager.default.enumerator(atPath: url.deletingLastPathComponent().path) else { return }
        for case let name as String in names {
            names.skipDescendants() // this folder only
            if name.hasPrefix(prefix) { unlink(url.deletingLastPathComponent().appendingPathComponent(name).path) }
        }
    }

    /// Removes the `-wal`/`-shm` a closed temporary may have left (its data is already in the file).
    static func removeSidecars(of path: String) {
        for suffix in StoreFileList.sidecars { unlink(path + suffix) }
    }

    /// Gives the temporary the original's permission bits (plus owner write when `ownerWritable`, for
    /// temporaries still to be read by SQLite) and, where allowed, its owner and group.
    static func matchPermissions(_ path: String, of original: String, ownerWritable: Bool = false) throws(ExecutionError) {
        var info = stat()
        guard stat(original, &info) == 0 else { throw ExecutionError(.io, path: original, message: "cannot read permissions") }
        guard StoreFileList.isFile(path) else {
            throw ExecutionError(.stepFailed, path: path, message: "the step did not create its destination store")
        }
        guard chmod(path, (info.st_mode & 0o7777) | (ownerWritable ? 0o200 : 0)) == 0 else {
            throw ExecutionError(.io, path: path, message: "cannot set permissions")
        }
        _ = chown(path, info.st_uid, info.st_gid) // Only root may give a file away; the bits above still hold.
    }
}
