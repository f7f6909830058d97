import Foundation
import GRDB
import JournalSample
import MigrationEngine

/// Stores of the project's own sample app (`Examples/Journal.xcdatamodeld`: five versions, an added Boolean,
/// a rename through a renaming identifier, a split into a related entity) written by the engine, so tests of
/// reading, inspecting, browsing and verifying need none of Apple's files.
public enum JournalFixture {
    /// The sample model's path.
    public static var modelPath: String {
        SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path
    }

    /// The sample mappings' folder (`Examples/Mappings`).
    public static var mappingsPath: String {
        SampleApp.examplesFolder.appendingPathComponent(SampleApp.mappingsName).path
    }

    /// The loaded model.
    public static func bundle() throws -> ModelBundle {
        try ModelLoader.load(path: modelPath)
    }

    /// `Journal <number>`.
    public static func version(_ number: Int) throws -> ObjectModel {
        guard let model = try bundle().version(named: "Journal \(number)") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(modelPath) has no version Journal \(number)"])
        }
        return model
    }

    /// A store at `Journal <version>` (1, 2 or 3) holding `entries` generated entries, written as `name` in
    /// `folder` (a fresh one when nil).
    public static func store(
        version: Int, entries: Int, in folder: URL? = nil, name: String = "Journal.sqlite"
    ) throws -> String {
        let path = try (folder ?? TemporaryDirectory.make()).appendingPathComponent(name).path
        try SampleStoreGenerator(model: try Self.version(version), entries: entries).write(to: path)
        return path
    }

    /// The authors of a ``journal4(entries:in:)`` store, in key order.
    public static let authors = ["Ada Lovelace", "Grace Hopper", "Alan Turing"]

    /// A store at `Journal 4` (entries related to authors): ``authors`` with keys 1…3, and `entries` entries
    /// with keys 1…n, entry n written by author `(n - 1) % 3 + 1`, created `700000000 + n` seconds after 2001.
    public static func journal4(entries: Int, in folder: URL? = nil) throws -> String {
        let path = try (folder ?? TemporaryDirectory.make()).appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: try version(4)).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let number = { (name: String) in
                try Int.fetchOne(db, sql: #"SELECT "Z_ENT" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = ?"#, arguments: [name])
            }
            for (index, author) in authors.enumerated() {
                try db.execute(
                    sql: #"INSERT INTO "ZAUTHOR" ("Z_PK", "Z_ENT", "Z_OPT", "ZNAME") VALUES (?, ?, 1, ?)"#,
                    arguments: [index + 1, try number("Author"), author])
            }
            for key in stride(from: 1, through: entries, by: 1) {
                try db.execute(
                    sql: """
                        INSERT INTO "ZENTRY" ("Z_PK", "Z_ENT", "Z_OPT", "ZFAVORITE", "ZMOOD", "ZCREATED", "ZAUTHOR", "ZTEXT", "ZTITLE")
                        VALUES (?, ?, 1, ?, 2, ?, ?, ?, ?)
                        """,
                    arguments: [
                        key, try number("Entry"), key % 2, 700_000_000 + key, (key - 1) % authors.count + 1,
                        "Text of entry \(key)", "Entry \(key)",
                    ])
            }
            try db.execute(
                sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = CASE "Z_NAME" WHEN 'Author' THEN ? ELSE ? END"#,
                arguments: [authors.count, entries])
        }
        try queue.close()
        return path
    }

    /// A Journal 4 store of 12 entries with four problems for `verify` to list: two required values emptied
    /// (entries 3 and 7's `favorite`), a reference to no author (entry 5's), and a column the model does not
    /// have in the authors' table.
    public static func journal4WithProblems() throws -> String {
        let store = try journal4(entries: 12)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: "UPDATE ZENTRY SET ZFAVORITE = NULL WHERE Z_PK IN (3, 7)")
            try db.execute(sql: "UPDATE ZENTRY SET ZAUTHOR = 9999 WHERE Z_PK = 5")
            try db.execute(sql: "ALTER TABLE ZAUTHOR ADD COLUMN ZNICKNAME VARCHAR")
        }
        try queue.close()
        return store
    }

    /// A store at `Journal <version>` in WAL mode as a backup taken while the app had it open would hold it:
    /// the database file has no entries, and the `-wal` beside it holds all `entries`, committed
    /// `perTransaction` at a time, never checkpointed.
    public static func walStore(
        version: Int, entries: Int, perTransaction: Int = 10, in folder: URL? = nil, name: String = "Journal.sqlite"
    ) throws -> String {
        let live = try store(version: version, entries: entries)
        var configuration = GRDB.Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        let copy = try (folder ?? TemporaryDirectory.make()).appendingPathComponent(name).path
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: #"CREATE TEMP TABLE "kept" AS SELECT * FROM "ZENTRY""#)
            try db.execute(sql: #"DELETE FROM "ZENTRY""#)
            // The empty table goes into the database file; every entry written from here on stays in the log.
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            for first in stride(from: 1, through: entries, by: perTransaction) {
                try db.inTransaction {
                    try db.execute(
                        sql: #"INSERT INTO "ZENTRY" SELECT * FROM "kept" WHERE "Z_PK" BETWEEN ? AND ?"#,
                        arguments: [first, first + perTransaction - 1])
                    return .commit
                }
            }
        }
        // Copied while the connection is open: closing it would checkpoint the log into the file.
        try FileManager.default.copyItem(atPath: live, toPath: copy)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: copy + "-wal")
        try queue.close()
        return copy
    }

    /// A store at `Journal <version>` in WAL mode whose first `entries` entries are in the database file and
    /// whose `late` entries after them (copies of the first ones under the next keys, `late <= entries`) live
    /// only in its `-wal`, committed `perTransaction` at a time, each commit raising `Z_MAX` as Core Data's
    /// saves do; copied while the writer is open, as a device backup catches it.
    public static func walStore(version: Int, entries: Int, late: Int, perTransaction: Int = 50) throws -> String {
        let live = try store(version: version, entries: entries)
        var configuration = GRDB.Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        let copy = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: #"CREATE TEMP TABLE "late" AS SELECT * FROM "ZENTRY" WHERE "Z_PK" <= ?"#, arguments: [late])
            try db.execute(sql: #"UPDATE temp."late" SET "Z_PK" = "Z_PK" + ?"#, arguments: [entries])
            for first in stride(from: entries + 1, through: entries + late, by: perTransaction) {
                try db.inTransaction {
                    try db.execute(
                        sql: #"INSERT INTO "ZENTRY" SELECT * FROM temp."late" WHERE "Z_PK" BETWEEN ? AND ?"#,
                        arguments: [first, first + perTransaction - 1])
                    try db.execute(
                        sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = (SELECT MAX("Z_PK") FROM "ZENTRY") WHERE "Z_NAME" = 'Entry'"#)
                    return .commit
                }
            }
        }
        // Copied while the connection is open: closing it would checkpoint the log into the file.
        try FileManager.default.copyItem(atPath: live, toPath: copy)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: copy + "-wal")
        try queue.close()
        return copy
    }
}
