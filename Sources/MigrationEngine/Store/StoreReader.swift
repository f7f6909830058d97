import Foundation
import GRDB

/// Reads a Core Data SQLite store without ever writing any of its files: where it lies when nothing but the
/// database file holds data (``StoreFileView``), otherwise through a ``StoreSnapshot``.
package enum StoreReader {
    /// Reads the store at `path`: in place, read-only and `immutable`, when no `-wal` or `-journal` holds
    /// anything and no writer holds the lock (and the store did not change while it was read); otherwise
    /// from a snapshot, removed afterwards. Both read the same data; the first copies nothing.
    ///
    /// - Parameters:
    ///   - path: The store's database file.
    ///   - checkIntegrity: Run SQLite's `quick_check` first (a failure is `damaged`). It reads every
    ///     page, so only callers that must know the whole file is sound ask for it.
    ///   - options: How a snapshot, when one is needed, treats the `-wal` and the header.
    ///   - countsRows: Count each entity's rows (``StoreContents/rowCounts``, empty when false): a scan of every
    ///     entity table that does not hold one entity alone, and a count of its b-tree otherwise.
    /// - Returns: The store's files, metadata, primary keys, row counts, tables and model cache.
    /// - Throws: ``StoreError`` for a missing, locked or damaged store, a file that is not SQLite, or a
    ///   database without Core Data's bookkeeping tables (`.notCoreData`).
    package static func read(
        path: String, checkIntegrity: Bool = true, options: SnapshotOptions = .init(), countsRows: Bool = true
    ) throws(StoreError) -> StoreContents {
        try withDatabase(path: path, options: options) { queue, header, files throws(StoreError) in
            try read(queue, header: header, files: files, path: path, checkIntegrity, countsRows: countsRows)
        }
    }

    /// Runs SQLite's `quick_check` on the store at `path`, read as ``read(path:checkIntegrity:options:)``
    /// reads it (in place or from a snapshot), and nothing else.
    ///
    /// - Parameters:
    ///   - path: The store's database file.
    ///   - options: How a snapshot, when one is needed, treats the `-wal` and the header.
    /// - Throws: ``StoreError`` `.damaged` when the check fails, with the message
    ///   ``read(path:checkIntegrity:options:)`` gives; what reading the store throws otherwise.
    package static func checkIntegrity(path: String, options: SnapshotOptions = .init()) throws(StoreError) {
        try withDatabase(path: path, options: options) { queue, _, _ throws(StoreError) in
            try checkIntegrity(queue, path: path)
        }
    }

    /// A read-only connection to `snapshot` that has read it once, so that a log in WAL mode has its index
    /// built before other connections to the snapshot open beside it: the connection the run's check of the
    /// store (``checkIntegrity(_:path:)``, beside the first step) reads with.
    ///
    /// - Throws: ``StoreError`` (naming the original) when the snapshot cannot be opened or read.
    package static func openForChecking(_ snapshot: StoreSnapshot) throws(StoreError) -> DatabaseQueue {
        let queue: DatabaseQueue
        do {
            queue = try PrivateStoreConnection.open(snapshot.path, label: "snapshot of \(snapshot.originalPath)") {
                try snapshot.openReadOnly()
            }
        } catch {
            throw StoreError.reading(error, path: snapshot.originalPath)
        }
        do {
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") }
        } catch {
            throw StoreError.reading(error, path: snapshot.originalPath)
        }
        return queue
    }

    /// Opens the store at `path` read-only, in place when that reads what a snapshot would and otherwise
    /// from a snapshot (removed afterwards), and hands `body` the connection, the header and the files.
    private static func withDatabase<T>(
        path: String, options: SnapshotOptions,
        _ body: (DatabaseQueue, [UInt8], StoreFileSet) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        // A header repair is made on a copy only.
        if !options.repairsHeader, let view = StoreFileView.open(path) {
            do {
                let value = try body(view.queue, view.header, view.files)
                if view.isUnchanged { return value }
            } catch {
                // An error from a store that changed while it was read may be the change's; the snapshot decides.
                if view.isUnchanged { throw error }
            }
        }
        let snapshot = try StoreSnapshot.take(of: path, options: options)
        defer { snapshot.remove() }
        let (queue, header) = try open(snapshot)
        return try body(queue, header, snapshot.originalFiles)
    }

    /// Reads a snapshot. With `checkIntegrity`, SQLite's `quick_check` runs first and a failure is `damaged`.
    package static func read(_ snapshot: StoreSnapshot, checkIntegrity: Bool = true) throws(StoreError) -> StoreContents {
        let (queue, header) = try open(snapshot)
        return try read(queue, header: header, files: snapshot.originalFiles, path: snapshot.originalPath, checkIntegrity)
    }

    /// The snapshot's read-only connection and database header.
    private static func open(_ snapshot: StoreSnapshot) throws(StoreError) -> (DatabaseQueue, [UInt8]) {
        let header = try StoreFileProbe.checkDatabaseFile(snapshot.path)
        return (try snapshot.openReadOnly(), header)
    }

    private static func read(
        _ queue: DatabaseQueue, header: [UInt8], files: StoreFileSet, path: String, _ checkIntegrity: Bool,
        countsRows: Bool = true
    ) throws(StoreError) -> StoreContents {
        do {
            return try queue.read { db in
                if checkIntegrity { try quickCheck(db, path: path) }
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                guard tables.contains("Z_METADATA"), tables.contains("Z_PRIMARYKEY") else {
                    throw StoreError(
                        .notCoreData, path: path,
                        message: "SQLite database without Z_METADATA and Z_PRIMARYKEY, not a Core Data store")
                }
                let metadata = try StoreMetadata.read(db, path: path)
                let primaryKeys = try PrimaryKeyEntry.fetchAll(db)
                let modelCache =
                    tables.contains("Z_MODELCACHE")
                    ? try Data.fetchOne(db, sql: #"SELECT "Z_CONTENT" FROM "Z_MODELCACHE""#) : nil
                let layout = try StoreTableLayout(tables: tables, primaryKeys: primaryKeys) {
                    try modelCache.map { try ModelCacheDecoder.decode($0, path: path) }
                }
                return StoreContents(
                    files: files,
                    journalMode: JournalMode(headerWriteVersion: header[18]),
                    autoVacuum: try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") ?? 0,
                    metadata: metadata, primaryKeys: primaryKeys,
                    rowCounts: countsRows ? try layout.rowCounts(db) : [],
                    joinTables: try layout.describe(layout.joinTables, db),
                    historyTables: try layout.describe(layout.historyTables, db),
                    otherTables: try layout.describe(layout.otherTables, db),
                    modelCache: modelCache,
                    tableColumns: Dictionary(uniqueKeysWithValues: try tables.map { ($0, try db.columnNames(in: $0)) }))
            }
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }

    /// Runs `quick_check` on `queue`; a failure is `damaged`, naming `path`.
    package static func checkIntegrity(_ queue: DatabaseQueue, path: String) throws(StoreError) {
        do {
            try queue.read { db in try quickCheck(db, path: path) }
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }

    /// SQLite's `quick_check`: every page read, every b-tree walked; any problem is `damaged`, summed up in
    /// its first two lines.
    private static func quickCheck(_ db: Database, path: String) throws {
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if problems != ["ok"] {
            let lines = problems.flatMap { $0.split(separator: "\n") }.filter { !$0.hasPrefix("***") }
            let summary = lines.prefix(2).joined(separator: "; ") + (lines.count > 2 ? "; …" : "")
            throw StoreError(.damaged, path: path, message: "damaged database: \(summary)", remedy: .salvage)
        }
    }
}
