import Foundation

/// Damage that only SQLite's own checks (`quick_check`, `integrity_check`) can see: every row still reads,
/// so a run that skipped the check would migrate the store as if it were sound.
public enum HeaderDamage {
    /// Sets the database header's freelist page count (bytes 36–39) to 5, pages the file does not have.
    public static func claimMissingFreePages(_ path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        try handle.seek(toOffset: 36)
        try handle.write(contentsOf: Data([0, 0, 0, 5]))
    }
}
