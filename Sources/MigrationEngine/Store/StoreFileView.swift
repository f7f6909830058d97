import CSQLiteGuard
import Foundation
import GRDB

/// A store's database file opened where it lies, read-only and `immutable`, for the one case where that reads
/// exactly what a ``StoreSnapshot`` would: no `-wal` or `-journal` holds anything (SQLite would have nothing
/// to replay or roll back) and no other process holds SQLite's write lock.
///
/// `immutable` tells SQLite the file cannot change, so it takes no locks, never looks for a `-wal`, a `-shm`
/// or a journal, and cannot create or write any file: the store's files stay byte-identical with unchanged
/// modification times, as with a snapshot, without copying the database. Since nothing stops a writer that
/// starts while the file is read, ``isUnchanged`` compares the files, their modification times and the
/// database header (whose change counter every rollback-mode commit bumps) with what they were when the view
/// was opened; a reader must discard what it read from a changed store and read it from a snapshot.
struct StoreFileView {
    /// The read-only connection.
    let queue: DatabaseQueue
    /// The store's files when the view was opened.
    let files: StoreFileSet
    /// The database header when the view was opened.
    let header: [UInt8]
    private let resolvedPath: String
    private let stamps: [FileStamp?]

    /// Opens the view, or returns nil when only a snapshot reads the store faithfully (a sidecar with
    /// content, a writer, a header SQLite does not accept, or an SQLite that does not take URI file names).
    static func open(_ path: String) -> StoreFileView? {
        guard sqlite3_compileoption_used("USE_URI") == 1 else { return nil }
        // SQLite keeps the sidecars beside a link's target, so that is the store (as for a snapshot).
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let stamps = FileStamp.all(resolved)
        guard let header = currentHeader(resolved), !StoreLockProbe.hasWriter(databasePath: resolved) else { return nil }
        let files = StoreFileSet.scan(resolved)
        guard files.files.allSatisfy({ ![.wal, .journal].contains($0.role) || $0.size == 0 }) else { return nil }
        let queue: DatabaseQueue
        do {
            queue = try HardenedConnection.open(immutableURI(resolved), readonly: true, label: "in-place view of \(path)")
        } catch {
            return nil
        }
        return StoreFileView(queue: queue, files: files, header: header, resolvedPath: resolved, stamps: stamps)
    }

    /// The URI opening `path` `immutable`, through the read-ahead VFS when it is registered: the view reads each
    /// page once, in the order the b-trees lead, so 16 pages per `pread` instead of one (counting a table reads
    /// all of its pages).
    static func immutableURI(_ path: String) -> String {
        uri(path) + "?immutable=1" + (ReadAheadFileSystem.isAvailable ? "&vfs=\(ReadAheadFileSystem.name)" : "")
    }

    /// The URI opening `path` read-only (`mode=ro`) through the default VFS: SQLite replays a `-wal` it finds
    /// beside the file, but never checkpoints it into the file or removes it, as a read-write connection does
    /// when it closes.
    static func readOnlyURI(_ path: String) -> String {
        uri(path) + "?mode=ro"
    }

    /// Whether the store's files, their sizes and modification times and the database header are still as
    /// they were when the view was opened, and no writer holds the lock.
    var isUnchanged: Bool {
        FileStamp.all(resolvedPath) == stamps && StoreFileSet.scan(resolvedPath) == files
            && Self.currentHeader(resolvedPath) == header && !StoreLockProbe.hasWriter(databasePath: resolvedPath)
    }

    /// The database header, or nil when the file cannot be read as an SQLite database (the snapshot's own
    /// checks then report why).
    private static func currentHeader(_ path: String) -> [UInt8]? {
        do {
            return try StoreFileProbe.checkDatabaseFile(path)
        } catch {
            return nil
        }
    }

    /// `file:` and the path with every byte but unreserved ones and `/` percent-encoded, so no `?`, `#` or `%`
    /// in a file name is taken for URI syntax.
    private static func uri(_ path: String) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        return "file:"
            + path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}

extension FileStamp {
    /// The stamps of the database, its `-wal` and its `-journal` (nil for a missing file).
    fileprivate static func all(_ databasePath: String) -> [FileStamp?] {
        StoreFileList.databaseAndLogs.map { FileStamp.of(databasePath + $0) }
    }
}
