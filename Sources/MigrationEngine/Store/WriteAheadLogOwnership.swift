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
    /// Works on a snapshot's private copy only: the log is moved aside while the database alone is read,
    /// then put back.
    /// - Throws: ``StoreError`` when the copy cannot be read or the log cannot be moved back.
    static func problem(databaseCopy path: String, originalPath: String) throws(StoreError) -> String? {
        let log = path + "-wal"
        let aside = path + ".log-aside"
        do {
            try FileManager.default.moveItem(atPath: log, toPath: aside)
        } catch {
            throw StoreError(
                .unreadable, path: originalPath, message: "cannot set the -wal copy aside: \(error.localizedDescription)")
        }
        // The database alone may not read consistently (a checkpoint cut short leaves it half-updated and
        // only the log completes it); then there is no earlier identity to compare with, only the structure.
        let earlier: StoreIdentity?
        do {
            earlier = try read(path) { try StoreIdentity.read($0) }
        } catch {
            earlier = nil
        }
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

    private static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        // The queue closes when it is released at the end of this call, before the caller touches the files.
        let queue = try HardenedConnection.open(path, readonly: true, label: "log ownership check")
        return try queue.read(body)
    }
}
