import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the file system says about a store's files (the database, its `-wal` and `-journal`): identity, size,
/// and the times of the last change to contents and to the inode. Two equal stamps mean that nothing has
/// written, replaced or truncated any of the files in between.
struct StoreFileStamp: Hashable, Sendable {
    /// One file's stamp; nil in ``files`` when the file does not exist.
    struct File: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        /// Nanoseconds since 1970 of the last change to the contents, and to the inode (which no one can set).
        let modified: Int
        let changed: Int
    }

    /// The database, `-wal` and `-journal`, in that order.
    let files: [File?]

    /// The stamp of the store at `path`; nil when the database itself cannot be examined.
    init?(storePath path: String) {
        let files = ["", "-wal", "-journal"].map { suffix -> File? in
            var info = stat()
            guard stat(path + suffix, &info) == 0 else { return nil }
            return File(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Self.nanoseconds(info.st_mtim), changed: Self.nanoseconds(info.st_ctim))
        }
        guard files[0] != nil else { return nil }
        self.files = files
    }

    private static func nanoseconds(_ time: timespec) -> Int {
        Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
