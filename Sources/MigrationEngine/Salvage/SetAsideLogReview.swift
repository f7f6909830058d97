import Foundation
import GRDB

/// Decides whether salvage applies a `-wal` the snapshot set aside (``StoreSnapshot/setAsideLog``) after all.
///
/// The snapshot sets a log aside when the database it gives is damaged or contradicts the file. A
/// contradiction (another store UUID, a lowered key counter) shows the log is another store's or older than
/// the file, so it stays out. A damaged result shows that only when the file alone is intact: when the file is
/// damaged too (cut short, pages overwritten: what salvage is for), the damage is the file's own, the log's
/// frames are valid and SQLite applies them, and they may hold the only copy of the rows (a store whose data
/// never left its log). The log is then put back, as SQLite's `.recover` reads it, and the report says so.
struct SetAsideLogReview {
    /// The log left out, or nil when it is applied (or was never set aside).
    var leftOut: LeftOutLog?
    /// What the report should say about the log.
    var notes: [String] = []

    /// Reviews `snapshot`'s set-aside log, putting it back beside the copy when the file alone is damaged too.
    static func review(_ snapshot: StoreSnapshot) throws(StoreError) -> SetAsideLogReview {
        guard let reason = snapshot.setAsideLog, let leftOut = LeftOutLog(snapshot) else { return SetAsideLogReview() }
        let path = snapshot.path
        let aside = path + StoreSnapshot.setAsideLogSuffix
        if try isIntact(path, store: snapshot.originalPath) { return SetAsideLogReview(leftOut: leftOut, notes: [leftOut.note]) }
        try move(aside, to: path + "-wal", store: snapshot.originalPath)
        if try isIntact(path, store: snapshot.originalPath) {
            // The log makes the damaged file intact, so it was refused for contradicting the file.
            try move(path + "-wal", to: aside, store: snapshot.originalPath)
            return SetAsideLogReview(leftOut: leftOut, notes: [leftOut.note])
        }
        return SetAsideLogReview(notes: [
            "the -wal was applied although the database it gives is damaged (\(reason)): the database file alone is "
                + "damaged too, so the damage is not shown to be the log's, and its \(leftOut.transactions) committed "
                + "transaction(s) may hold rows the file lacks"
        ])
    }

    /// Whether the copy at `path`, with or without its log, passes `quick_check`; the `-shm` (and an empty
    /// `-wal` SQLite makes when there is none) are removed afterwards, so the log can be moved in or out.
    private static func isIntact(_ path: String, store: String) throws(StoreError) -> Bool {
        let hadLog = FileManager.default.fileExists(atPath: path + "-wal")
        let intact: Bool
        do {
            // The queue is released, and so closed, before the files are touched.
            intact = try HardenedConnection.open(path, readonly: true, label: "salvage log review").read { db in
                try String.fetchOne(db, sql: "PRAGMA quick_check(1)") == "ok"
            }
        } catch {
            // A file SQLite cannot even read through is not intact; that is the answer, not a failure.
            intact = false
        }
        for suffix in hadLog ? ["-shm"] : ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.removeItem(atPath: path + suffix)
            } catch {
                throw StoreError(
                    .unreadable, path: store, message: "cannot clear the private copy: \(error.localizedDescription)")
            }
        }
        return intact
    }

    private static func move(_ from: String, to: String, store: String) throws(StoreError) {
        do {
            try FileManager.default.moveItem(atPath: from, toPath: to)
        } catch {
            throw StoreError(.unreadable, path: store, message: "cannot move the -wal copy: \(error.localizedDescription)")
        }
    }
}
