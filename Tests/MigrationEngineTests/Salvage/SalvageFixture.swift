import Foundation
import GRDB
import JournalSample
import MigrationEngine
import TestSupport

/// Sample-app stores for the salvage tests, each alone in a new folder.
enum SalvageFixture {
    static func version(_ number: Int) -> ObjectModel { SampleJournalStore.version(number) }

    /// A generated `Journal 3` store (entries only, keys 1…n).
    static func journal3(entries: Int) throws -> String {
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: version(3), entries: entries).write(to: store)
        return store
    }

    /// A `Journal 4` store: `authors` authors and `entries` entries, entry i written by author i mod n + 1,
    /// each with a 300-character text so the rows spread over many pages.
    /// `model` is `Journal 4` or a variant of it with the same entities and columns.
    static func journal4(entries: Int, authors: Int, model: ObjectModel = version(4)) throws -> String {
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: model).create(at: store)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            let author = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Author'") ?? 0
            let entry = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Entry'") ?? 0
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO ZAUTHOR (Z_PK, Z_ENT, Z_OPT, ZNAME) SELECT i, ?, 1, 'Author ' || i FROM n
                    """, arguments: [authors, author])
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZCREATED, ZTITLE, ZTEXT, ZAUTHOR)
                    SELECT i, ?, 1, i % 2, 700000000 + i, 'Entry ' || i, printf('%.300c', 'x'), i % ? + 1 FROM n
                    """, arguments: [entries, entry, authors])
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", arguments: [authors, author])
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", arguments: [entries, entry])
        }
        try queue.close()
        return store
    }

    /// `Journal 4` with `Entry.author` required, as its own one-version bundle (written to a new folder).
    static func requiredAuthorBundle() throws -> ModelBundle {
        let source = JournalFixture.modelPath + "/Journal 4.xcdatamodel/contents"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let optional = #"<relationship name="author" optional="YES" maxCount="1""#
        let model = try TemporaryDirectory.make().appendingPathComponent("Journal 4.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try text.replacingOccurrences(of: optional, with: #"<relationship name="author" minCount="1" maxCount="1""#)
            .write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        return try ModelLoader.load(path: model.path)
    }

    /// A `Journal 3` store in WAL mode whose last `transactions` commits (`rowsEach` entries each) live only
    /// in its `-wal`: the files are copied aside while the writer is still open, as a device backup catches them.
    static func journal3InWAL(entries: Int, transactions: Int, rowsEach: Int) throws -> String {
        let live = try journal3(entries: entries)
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            for index in 0..<transactions {
                let first = entries + index * rowsEach + 1
                try db.inTransaction {
                    try db.execute(
                        sql: """
                            WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                            INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZTITLE, ZTEXT)
                            SELECT i, 1, 1, 0, 'Late ' || i, printf('%.300c', 'y') FROM n
                            """, arguments: [first, first + rowsEach - 1])
                    try db.execute(
                        sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'Entry'", arguments: [first + rowsEach - 1])
                    return .commit
                }
            }
        }
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try FileManager.default.copyItem(atPath: live, toPath: store)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: store + "-wal")
        try queue.close()
        return store
    }

    /// How many of the salvaged store's entries had an author in the original that the salvage lost.
    static func authorsLost(original: String, salvaged: String) throws -> Int {
        let authors = try DatabaseQueue(path: original).read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT Z_PK, ZAUTHOR FROM ZENTRY").map {
                    ($0[0] as Int64, $0[1] as Int64)
                })
        }
        return try DatabaseQueue(path: salvaged).read { db in
            let kept = Set(try Int64.fetchAll(db, sql: "SELECT Z_PK FROM ZAUTHOR"))
            return try Int64.fetchAll(db, sql: "SELECT Z_PK FROM ZENTRY").filter { !kept.contains(authors[$0] ?? 0) }.count
        }
    }

    /// Writes a database at a new path with `prepare`, turns it to WAL mode, then runs `late` with the writer
    /// left open and copies the database and its `-wal` to a new folder, as a device backup catches them;
    /// returns the copy's path.
    static func walStore(_ prepare: (String) throws -> Void, late: (Database) throws -> Void) throws -> String {
        let live = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try prepare(live)
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint = 0")
            try db.inTransaction {
                try late(db)
                return .commit
            }
        }
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try FileManager.default.copyItem(atPath: live, toPath: store)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: store + "-wal")
        try queue.close()
        return store
    }

    /// The page numbers the frames of the `-wal` at `path` hold.
    static func logPages(_ path: String) throws -> Set<Int> {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let size = bytes[8...11].reduce(0) { $0 << 8 | Int($1) }
        return Set(
            stride(from: 32, to: bytes.count - 24 - size + 1, by: 24 + size).map {
                bytes[$0..<$0 + 4].reduce(0) { $0 << 8 | Int($1) }
            })
    }
}
