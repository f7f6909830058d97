import Foundation

/// An exclusive hold on one store for the length of a migration, restore or recovery.
///
/// Two locks are taken, both without waiting:
/// - `flock` on a lock file beside the store keeps a second cdmigrate run off it;
/// - an open-file-description write lock on SQLite's SHARED byte range of the database file keeps every
///   SQLite connection (Core Data, `sqlite3`, an app) from starting a read or write transaction, and cannot be
///   taken while one is open. Unlike classic POSIX locks it is not dropped when this process closes some other
///   descriptor of the same file (a snapshot copy opens and closes the original).
/// Neither writes the store's own files.
package final class StoreLock {
    /// The locked store's database file.
    package let storePath: String
    private var lockFile: Int32 = -1
    private var database: Int32 = -1

    private static let sharedFirst: off_t = 0x4000_0002
    private static let sharedSize: off_t = 510

    /// Locks the store at `path`; throws ``ExecutionError`` `.locked` naming it when another holder exists.
    package init(storePath path: String) throws(ExecutionError) {
        storePath = path
        let paths = StorePaths(storePath: path)
        do {
            lockFile = try Self.lockFile(paths.lockFile)
            database = try Self.lockDatabase(path)
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// Releases both locks and removes the lock file. Safe to call more than once.
    package func release() {
        if database >= 0 {
            close(database)
            database = -1
        }
        if lockFile >= 0 {
            unlink(StorePaths(storePath: storePath).lockFile)
            close(lockFile)
            lockFile = -1
        }
    }

    private static func lockFile(_ path: String) throws(ExecutionError) -> Int32 {
        for _ in 0..<10 {
            // Never through a planted link (it would create or lock its target), never a planted FIFO or device.
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let reason = errno == ELOOP ? "it is a symbolic link; refused (remove it)" : String(cString: strerror(errno))
                throw ExecutionError(.io, path: path, message: "cannot create the lock file: \(reason)")
            }
            var kind = stat()
            guard fstat(descriptor, &kind) == 0, (kind.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                throw ExecutionError(.io, path: path, message: "the lock file is not a regular file; refused (remove it)")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw ExecutionError(.locked, path: path, message: "another cdmigrate run is working on this store")
            }
            // The holder before us may have removed the file after we opened it: only a lock on the file that
            // is still at `path` counts.
            var opened = stat()
            var current = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &current) == 0, opened.st_ino == current.st_ino {
                return descriptor
            }
            close(descriptor)
        }
        throw ExecutionError(.locked, path: path, message: "the lock file keeps changing; another run is starting")
    }

    private static func lockDatabase(_ path: String) throws(ExecutionError) -> Int32 {
        var descriptor = open(path, O_RDWR | O_CLOEXEC)
        var type = Int16(F_WRLCK)
        if descriptor < 0, errno == EACCES || errno == EROFS {
            // A read-only store can still be guarded against writers with a read lock.
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            type = Int16(F_RDLCK)
        }
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such store" : String(cString: strerror(errno))
            throw ExecutionError(.io, path: path, message: "cannot open to lock: \(reason)")
        }
        var request = flock()
        request.l_type = type
        request.l_whence = Int16(SEEK_SET)
        request.l_start = sharedFirst
        request.l_len = sharedSize
        request.l_pid = 0
        guard fcntl(descriptor, Self.setLockCommand, &request) == 0 else {
            close(descriptor)
            throw ExecutionError(
                .locked, path: path, message: "an SQLite connection (an app or another tool) has this store open")
        }
        return descriptor
    }

    #if os(Linux)
        private static let setLockCommand: Int32 = 37 // F_OFD_SETLK
    #else
        private static let setLockCommand: Int32 = F_SETLK
    #endif
}
