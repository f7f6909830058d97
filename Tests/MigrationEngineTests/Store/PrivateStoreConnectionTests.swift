import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A run's own files are read 16 pages per `pread`, `immutable`, only when that reads what a plain connection
/// reads: a sidecar holding data is left to the caller's connection.
@Suite("Private store connections")
struct PrivateStoreConnectionTests {
    struct PlainConnectionOpened: Error {}

    static func entries(_ queue: DatabaseQueue) throws -> Int {
        try queue.read { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZENTRY""#) ?? 0 }
    }

    @Test("A store whose database file holds everything is read through the read-ahead VFS, leaving no sidecar")
    func readsAhead() throws {
        let path = try JournalFixture.store(version: 1, entries: 3_000)
        let queue = try PrivateStoreConnection.open(path) { throw PlainConnectionOpened() }
        #expect(try ReadAheadFileSystemTests.fileSystemName(queue) == ReadAheadFileSystem.name)
        #expect(try Self.entries(queue) == 3_000)
        let quickCheck = try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
        #expect(quickCheck == ["ok"])
        try queue.close()
        for sidecar in ["-wal", "-shm", "-journal"] { #expect(!FileManager.default.fileExists(atPath: path + sidecar)) }
    }

    @Test("A WAL-mode file with an empty -wal beside it is read ahead, every row of it")
    func emptyLog() throws {
        let path = try JournalFixture.store(version: 1, entries: 200)
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: #"DELETE FROM "ZENTRY" WHERE "Z_PK" > 150"#)
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        #expect(StoreFileList.size(path + "-wal") == 0)
        #expect(PrivateStoreConnection.readsAheadExactly(path))
        let queue = try PrivateStoreConnection.open(path) { throw PlainConnectionOpened() }
        #expect(try Self.entries(queue) == 150)
        try queue.close()
        try writer.close()
    }

    @Test("A -wal holding transactions is read by the caller's connection, which replays it")
    func logWithTransactions() throws {
        let fixture = try WriteAheadLogFixture(transactions: 5)
        #expect(!PrivateStoreConnection.readsAheadExactly(fixture.path))
        let queue = try PrivateStoreConnection.open(fixture.path) {
            try HardenedConnection.open(fixture.path, readonly: true)
        }
        #expect(try ReadAheadFileSystemTests.fileSystemName(queue) != ReadAheadFileSystem.name)
        #expect(try WriteAheadLogFixture.rows(queue) == 5)
        try queue.close()
        // What an immutable connection would have read instead: the database file alone, where the table
        // the log creates does not even exist yet.
        let immutable = try HardenedConnection.open("file:\(fixture.path)?immutable=1", readonly: true)
        #expect(throws: DatabaseError.self) { try WriteAheadLogFixture.rows(immutable) }
        try immutable.close()
    }

    @Test("A -journal with content is left to the caller's connection")
    func journalWithContent() throws {
        let path = try JournalFixture.store(version: 1, entries: 10)
        #expect(PrivateStoreConnection.readsAheadExactly(path))
        try Data(repeating: 0xA5, count: 512).write(to: URL(fileURLWithPath: path + "-journal"))
        #expect(!PrivateStoreConnection.readsAheadExactly(path))
        var plainOpened = false
        let queue = try PrivateStoreConnection.open(path) {
            plainOpened = true
            return try HardenedConnection.open(path)
        }
        #expect(plainOpened)
        #expect(try Self.entries(queue) == 10)
        try queue.close()
    }

    @Test("A step attaches its source through the read-ahead VFS, or read-only by its path when a sidecar holds data")
    func attachment() throws {
        let source = try JournalFixture.store(version: 1, entries: 1_200)
        let name = PrivateStoreConnection.attachmentName(source)
        #expect(name.hasPrefix("file:") && name.hasSuffix("vfs=\(ReadAheadFileSystem.name)"))
        let destination = try TemporaryDirectory.make().appendingPathComponent("step.sqlite").path
        let queue = try HardenedConnection.open(destination)
        try queue.writeWithoutTransaction { db in
            try db.execute("ATTACH DATABASE \(value: name) AS \(SQLIdentifier.source)")
            let rows = try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "src"."ZENTRY""#)
            #expect(rows == 1_200)
            #expect(ReadAheadFileSystemTests.fileSystemName(db, schema: "src") == ReadAheadFileSystem.name)
            try db.execute(sql: #"DETACH DATABASE "src""#)
        }
        try queue.close()
        // A -wal holding transactions is read by SQLite's own VFS, read-only: a read-write attachment would
        // fold the log into the copy on close, and the copy would no longer be what the snapshot digested.
        let fixture = try WriteAheadLogFixture(transactions: 3)
        // (SQLite here takes URI file names: the read-ahead name above is one.)
        let logged = PrivateStoreConnection.attachmentName(fixture.path)
        #expect(logged == StoreFileView.readOnlyURI(fixture.path) && logged.hasSuffix("mode=ro"))
        #expect(!logged.contains("vfs="))
    }

    @Test("A step's validation and counts read its result ahead and give the same verdicts and counts")
    func validationReadsTheSame() throws {
        let path = try JournalFixture.store(version: 1, entries: 2_500)
        #expect(PrivateStoreConnection.readsAheadExactly(path))
        let model = try JournalFixture.version(1)
        let counts = try StoreValidator(model: model).validate(path, expectedCounts: ["Entry": 2_500])
        #expect(counts["Entry"] == 2_500)
        #expect(try CountExpectation.sourceCounts(model, path).byEntity["Entry"] == 2_500)
        #expect(throws: ExecutionError.self) {
            try StoreValidator(model: model).validate(path, expectedCounts: ["Entry": 2_499])
        }
    }
}
