import CSQLiteGuard
import Foundation
import GRDB

/// Checks that a `-wal` whose frames SQLite would apply was written for the database beside it.
///
/// SQLite keeps no link between a database and its log: a log copied from another store (another device's
/// backup, another version of the app's store) carries valid salts and checksums and is applied page by
/// page over the wrong database. What can be checked is the result. The log is refused when the database it
/// produces is structurally damaged (`PRAGMA quick_check`: its pages do not fit this database's b-trees), or
/// when it contradicts the store it is applied to (``StoreIdentity``: another store UUID, an entity renamed
/// or renumbered without a new model version, a primary-key counter lowered — a log older than the database).
/// A log that produces an intact database consistent with the store is indistinguishable from the store's own.
enum WriteAheadLogOwnership {
    /// Why the log beside the private copy at `path` cannot belong to it, or `nil`.
    ///
    /// Works on a snapshot's private copy only. The database alone is read `immutable`, which makes SQLite
    /// ignore the log, so the log stays as it was copied: moving it aside and back would change its inode
    /// change time, and the copy could no longer show it is unwritten when it becomes the run's backup
    /// (``SnapshotBackup``). Only where SQLite takes no URI file names is the log moved aside and back.
    /// - Throws: ``StoreError`` when the copy cannot be read or the log cannot be moved back.
    static func problem(databaseCopy path: String, originalPath: String) throws(StoreError) -> String? {
        // The database alone may not read consistently (a checkpoint cut short leaves it half-updated and
        // only the log completes it); then there is no earlier identity to compare with, only the structure.
        let earlier =
            sqlite3_compileoption_used("USE_URI") == 1
            ? identity(StoreFileView.immutableURI(path)) : try identityWithLogAside(path, originalPath: originalPath)
        let (check, later): (String, StoreIdentity?)
        do {
            (check, later) = try read(path) { db in
                let check = try String.fetchOne(db, sql: "PRAGMA quick_check(1)") ?? "no answer"
                return (check, try StoreIdentity.read(db))
            }
        } catch {
            return "the database it produces cannot be read (\(StoreError.reading(error, path: originalPath).message))"
        }
        if check != "ok" { return "the database it produces is damaged (\(check))" }
        if let earlier, let later, let contradiction = earlier.contradiction(by: later) { return contradiction }
        return nil
    }

    /// The identity of the database `name` opens, or nil when it does not read.
    private static func identity(_ name: String) -> StoreIdentity? {
        do {
            return try read(name) { try StoreIdentity.read($0) }
        } catch {
            return nil
        }
    }

    /// The identity of the database at `path` read with its log moved aside, then put back.
    private static func identityWithLogAside(_ path: String, originalPath: String) throws(StoreError) -> StoreIdentity? {
        let log = path + "-wal"
        let aside = path + ".log-aside"
        do {
            try FileManager.default.moveItem(atPath: log, toPath: aside)
        } catch {
            throw StoreError(
                .unreadable, path: originalPath, message: "cannot set the -wal copy aside: \(error.localizedDescription)")
        }
        let earlier = identity(path)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.removeItem(atPath: path + suffix)
            } catch {
                throw StoreError(
                    .unreadable, path: originalPath, message: "cannot clear the private copy: \(error.localizedDescription)")
            }
        }
        do {
            try FileManager.default.moveItem(atPath: aside, toPath: log)
        } catch {
            throw StoreError(
                .unreadable, path: originalPath, message: "cannot put the -wal copy back: \(error.localizedDescription)")
        }
        return earlier
    }

    private static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        // The queue closes when it is released at the end of this call, before the caller touches the files.
        let queue = try HardenedConnection.open(path, readonly: true, label: "log ownership check")
        return try queue.read(body)
    }
}
