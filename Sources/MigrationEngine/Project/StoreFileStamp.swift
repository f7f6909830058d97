/// What the file system says about a store's files (the database, its `-wal` and `-journal`): identity, size,
/// and the times of the last change to contents and to the inode. Two equal stamps mean that nothing has
/// written, replaced or truncated any of the files in between. A front end keeping what it read of a store
/// (a plan, a page) asks it whether the store changed since.
package struct StoreFileStamp: Hashable, Sendable {
    /// One file's stamp and the time its inode last changed; nil in ``files`` when the file does not exist.
    package struct File: Hashable, Sendable {
        let stamp: FileStamp
        let changed: Int64
    }

    /// The database, `-wal` and `-journal`, in that order.
    package let files: [File?]

    /// The stamp of the store at `path`; nil when the database itself cannot be examined.
    package init?(storePath path: String) {
        let files = ["", "-wal", "-journal"].map { suffix in
            FileStamp.withChangeTime(path + suffix).map { File(stamp: $0.stamp, changed: $0.changed) }
        }
        guard files[0] != nil else { return nil }
        self.files = files
    }
}
