import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Bad stores get distinct errors naming the file")
struct BadStoreTests {
    static func code(_ path: String) -> StoreError.Code? {
        do {
            _ = try StoreReader.read(path: path)
            return nil
        } catch {
            #expect(error.description.hasPrefix(path + ": "))
            #expect(!error.description.contains("\n"))
            return error.code
        }
    }

    @Test("Missing, directory, empty, text and plain SQLite files")
    func notStores() throws {
        let folder = try TemporaryDirectory.make()
        #expect(Self.code(folder.appendingPathComponent("none.sqlite").path) == .notFound)
        #expect(Self.code(folder.path) == .unreadable)
        let empty = folder.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(Self.code(empty) == .notSQLite)
        let text = folder.appendingPathComponent("text.sqlite").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data(String(repeating: "hello ", count: 50).utf8)))
        #expect(Self.code(text) == .notSQLite)
        let plain = folder.appendingPathComponent("plain.sqlite").path
        try DatabaseQueue(path: plain).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        #expect(Self.code(plain) == .notCoreData)
    }

    /// Issue 32, item 7: a store whose header alone is overwritten is damaged (salvage rebuilds the header),
    /// not "not an SQLite database" like a text file, so every front end offers salvage for it.
    @Test("An overwritten header is damage salvage reads")
    func overwrittenHeader() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        #expect(Self.code(store) == .damaged)
        let output = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("Salvaged.sqlite").path
        let report = try MigrationProject(modelPath: JournalFixture.modelPath).salvage(store: store, to: output)
        #expect(report.recovered == 20)
    }

    @Test("An unreadable file is an I/O failure", .enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func permissionDenied() throws {
        let folder = try TemporaryDirectory.make()
        let path = folder.appendingPathComponent("secret.sqlite").path
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        #expect(Self.code(path) == .unreadable)
    }

    @Test("Overwritten pages, a truncated file and unreadable metadata are damage")
    func damaged() throws {
        let overwritten = try JournalFixture.store(version: 3, entries: 4_000)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: overwritten))
        try handle.seek(toOffset: 4096 * 3)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 20))
        try handle.close()
        #expect(Self.code(overwritten) == .damaged)

        let truncated = try JournalFixture.store(version: 3, entries: 4_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: truncated)[.size] as? Int)
        #expect(size > 4096 * 80, "the cut leaves out half the store")
        try FileHandle(forWritingTo: URL(fileURLWithPath: truncated)).truncate(atOffset: 4096 * 40)
        #expect(Self.code(truncated) == .damaged)

        let metadata = try JournalFixture.store(version: 1, entries: 10)
        try DatabaseQueue(path: metadata).write {
            try $0.execute(sql: #"UPDATE "Z_METADATA" SET "Z_PLIST" = ?"#, arguments: [Data("bplist00 broken".utf8)])
        }
        #expect(Self.code(metadata) == .damaged)
    }

    @Test("A store another process is writing is locked", SQLiteWriterProcess.required, arguments: [false, true])
    func locked(inWALMode: Bool) throws {
        let path =
            inWALMode
            ? try JournalFixture.walStore(version: 1, entries: 20) : try JournalFixture.store(version: 1, entries: 20)
        let writer = try SQLiteWriterProcess(path: path)
        defer { writer.finish() }
        #expect(Self.code(path) == .locked)
        writer.finish()
        #expect(Self.code(path) == nil)
    }

    @Test("Odd values in bookkeeping columns are read without trapping")
    func oddValues() throws {
        let path = try JournalFixture.journal4(entries: 30)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = 'many', "Z_SUPER" = NULL WHERE "Z_ENT" = 1"#)
            try db.execute(sql: #"UPDATE "Z_METADATA" SET "Z_UUID" = x'00FF'"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "Z_ENT" = NULL WHERE "Z_PK" <= 3"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "Z_ENT" = 'two' WHERE "Z_PK" BETWEEN 4 AND 5"#)
        }
        let contents = try StoreReader.read(path: path)
        #expect(contents.primaryKeys.first == PrimaryKeyEntry(number: 1, name: "Author", superNumber: 0, maxPrimaryKey: 0))
        // ZENTRY holds Entry alone: Core Data fetches its rows without testing Z_ENT, and so does the count.
        #expect(contents.rows(of: "Entry") == 30)
        #expect(contents.metadata.rowVersion == 1)
    }
}
