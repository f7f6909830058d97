import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file as the file system knows it — device and inode — whatever path or symbolic link led to it, so a
/// walk can tell a folder it has already entered (a symbolic link back up the tree) from a new one.
struct FileIdentity: Hashable {
    /// The device holding the file.
    let device: UInt64
    /// The file's inode on that device.
    let inode: UInt64
    /// Whether it is a folder.
    let isDirectory: Bool
    /// Whether it is a plain file (not a FIFO, socket or device, which must never be opened to be sniffed).
    let isRegularFile: Bool

    /// The identity of what `path` leads to, following symbolic links; `nil` when it cannot be read
    /// (a dangling link, no permission).
    init?(followingLinksAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }
}
