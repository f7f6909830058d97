import Foundation

/// What identifies the state of an original store cheaply: the database's size and header change counter,
/// and its `-wal`'s size and salts. Any committed write by SQLite changes one of them, so recovery can tell
/// whether an app wrote to the original after a swap was interrupted (and must then keep that data).
package struct StoreFingerprint: Sendable, Hashable, Codable {
    /// The database file's size in bytes.
    package var size: Int64
    /// The file change counter in the database header (bytes 24–27), bumped by every rollback-mode commit.
    package var changeCounter: UInt32
    /// The `-wal`'s size; 0 when there is none.
    package var walSize: Int64
    /// The two salts of the `-wal` header (bytes 16–23), new every time the log restarts; nil without one.
    package var walSalts: UInt64?

    /// The fingerprint of a database file, taking its `-wal` from `walPath`.
    static func take(database: String, wal: String) throws(ExecutionError) -> StoreFingerprint {
        guard let header: UInt32 = read(database, offset: 24, count: 4) else {
            throw ExecutionError(.io, path: database, message: "cannot read the database header")
        }
        let salts: UInt64? = read(wal, offset: 16, count: 8)
        return StoreFingerprint(
            size: StoreFileList.size(database), changeCounter: UInt32(bigEndian: header),
            walSize: StoreFileList.size(wal), walSalts: salts.map { UInt64(bigEndian: $0) })
    }

    private static func read<Value: FixedWidthInteger>(_ path: String, offset: off_t, count: Int) -> Value? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var value = Value.zero
        let got = withUnsafeMutableBytes(of: &value) { pread(descriptor, $0.baseAddress, count, offset) }
        return got == count ? value : nil
    }
}
