import Foundation

/// Asks the kernel, without taking any lock or writing anything, whether another process is writing a store.
///
/// SQLite marks a writer with POSIX byte-range locks: in rollback mode on the RESERVED byte of the database
/// file (offset 0x40000001; readers never lock it), in WAL mode on the write and checkpoint bytes of the
/// `-shm` file (offsets 120 and 121; a checkpoint writes the database file).
/// `F_GETLK` reports a conflicting lock held by another process. Only the store's own files are opened,
/// read-only, and this process never holds SQLite locks on an original store, so closing them releases nothing.
enum StoreLockProbe {
    /// Whether another process holds SQLite's write lock on the store.
    static func hasWriter(databasePath: String) -> Bool {
        isWriteLocked(databasePath, start: 0x4000_0001, length: 1)
            || isWriteLocked(databasePath + "-shm", start: 120, length: 2)
    }

    private static func isWriteLocked(_ path: String, start: Int, length: Int) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var query = flock()
        query.l_type = Int16(F_WRLCK)
        query.l_whence = Int16(SEEK_SET)
        query.l_start = off_t(start)
        query.l_len = off_t(length)
        guard fcntl(descriptor, F_GETLK, &query) == 0 else { return false }
        return query.l_type != Int16(F_UNLCK)
    }
}
