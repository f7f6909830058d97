import Foundation

/// What `stat` says of one file, to the nanosecond: a write changes the modification time or the size, a
/// replacement the device or inode. Links and permission changes leave it alone.
package struct FileStamp: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    /// The stamp of the file at `path` (symbolic links followed), or nil when it cannot be read.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The stamp of the file at `path` and the time its inode last changed, in nanoseconds since 1970; nil
    /// when the file cannot be read. The change time is kept out of the stamp because a hard link changes it,
    /// but no one can set it: a caller asking whether anything at all touched a file compares both.
    /// - Parameter path: The file (symbolic links followed).
    /// - Returns: The stamp and the change time.
    package static func withChangeTime(_ path: String) -> (stamp: FileStamp, changed: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return withChangeTime(info)
    }

    /// ``withChangeTime(_:)`` for an open file.
    static func withChangeTime(descriptor: Int32) -> (stamp: FileStamp, changed: Int64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return withChangeTime(info)
    }

    private static func withChangeTime(_ info: stat) -> (stamp: FileStamp, changed: Int64) {
        #if os(Linux)
            let changed = info.st_ctim
        #else
            let changed = info.st_ctimespec
        #endif
        return (FileStamp(info), Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }

    /// The stamp of an open file.
    static func of(descriptor: Int32) -> FileStamp? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The modification time as a date.
    var modified: Date {
        Date(timeIntervalSince1970: TimeInterval(modifiedSeconds) + TimeInterval(modifiedNanoseconds) / 1e9)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if os(Linux)
            let modified = info.st_mtim
        #else
            let modified = info.st_mtimespec
        #endif
        modifiedSeconds = Int64(modified.tv_sec)
        modifiedNanoseconds = Int64(modified.tv_nsec)
    }
}
