import CSQLiteGuard
import Foundation
import GRDB

/// Opens, for reading, a store file that this process made and that nothing writes while it is read: a run's
/// snapshot, or a step's result once the step has closed it.
///
/// A migration reads each of those files whole several times (counted before a step, its rows checked and
/// its pages walked by the integrity check after), and reading page by page costs one `pread` per 4 KiB:
/// on a million-row store 57,000 system calls a pass, about as much time again as SQLite's own work. So the
/// file is opened `immutable` through ``ReadAheadFileSystem``, 16 pages per call, when that reads exactly what
/// a plain connection would: the database file holds all the data (no `-wal` or `-journal` with content,
/// which an `immutable` connection would not read), and it cannot change while open, as SQLite then assumes
/// (it takes no locks). Otherwise the caller's own connection is opened. A snapshot's `-wal` still holding
/// transactions, for one, is replayed by that plain connection.
enum PrivateStoreConnection {
    /// A connection reading the private store at `path`: the read-ahead one when it reads the same, else
    /// `plain()`.
    /// - Parameters:
    ///   - path: The store's database file.
    ///   - label: The connection's label, for GRDB's diagnostics.
    ///   - plain: Opens the caller's usual connection, for a store whose sidecars hold data.
    /// - Returns: The open connection.
    /// - Throws: What opening either connection throws.
    static func open(_ path: String, label: String? = nil, otherwise plain: () throws -> DatabaseQueue) throws
        -> DatabaseQueue
    {
        guard readsAheadExactly(path) else { return try plain() }
        return try DatabaseQueue(
            path: StoreFileView.immutableURI(path),
            configuration: HardenedConnection.configuration(path: path, readonly: true, label: label))
    }

    /// What a step's connection attaches its private source as: the read-ahead URI when that reads the same
    /// (SQLite takes URI file names in `ATTACH` as in `open`), else the path opened read-only.
    ///
    /// A step's connection writes its destination, and a file attached to it is read-write unless its name
    /// says otherwise. A snapshot whose `-wal` holds transactions attached read-write is checkpointed when the
    /// connection closes: SQLite folds the log into the database file and deletes it, so the snapshot's copies
    /// no longer hold the bytes the run read from the store and cannot become its backup (``SnapshotBackup``).
    /// Attached `mode=ro`, the log is replayed and left as it is.
    static func attachmentName(_ path: String) -> String {
        if readsAheadExactly(path) { return StoreFileView.immutableURI(path) }
        return sqlite3_compileoption_used("USE_URI") == 1 ? StoreFileView.readOnlyURI(path) : path
    }

    /// Whether an `immutable` connection through the read-ahead VFS reads what a plain one would: the VFS is
    /// there, SQLite takes URI file names, and no sidecar holds data.
    static func readsAheadExactly(_ path: String) -> Bool {
        ReadAheadFileSystem.isAvailable && sqlite3_compileoption_used("USE_URI") == 1
            && StoreFileList.size(path + "-wal") == 0 && StoreFileList.size(path + "-journal") == 0
    }
}
