import Foundation

/// Writes an open file's data through to the disk itself, as the safety promises assume (a backup, journal,
/// history line or swapped store that a power loss could still take back is not durable).
///
/// On Linux `fsync` waits until the device has the data on stable storage. On Darwin `fsync` only hands the
/// data to the drive, whose own cache can still lose it; `F_FULLFSYNC` asks the drive to write it out, and is
/// what SQLite itself uses there (`PRAGMA fullfsync`). Some filesystems (network shares, FAT) refuse
/// `F_FULLFSYNC`; `fsync` is then the most they offer.
///
/// - Parameter descriptor: An open file or folder.
/// - Returns: Whether the flush succeeded.
func flushToDisk(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
    #endif
    return fsync(descriptor) == 0
}
