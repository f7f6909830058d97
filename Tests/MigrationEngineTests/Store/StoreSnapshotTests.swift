import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Store snapshots never touch the original")
struct StoreSnapshotTests {
    /// A sample store in WAL mode whose 84 entries live only in its `-wal`.
    static func walStore() throws -> String {
        try JournalFixture.walStore(version: 2, entries: 84)
    }

    static func size(_ path: String) throws -> Int64? {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    @Test("A WAL store's 84 entries are read from its -wal; its files stay byte-identical, no -shm appears")
    func walStoreUntouched() throws {
        let store = try Self.walStore()
        let before = try FolderFingerprint(folderOf: store)
        #expect(before.files.keys.sorted() == ["Journal.sqlite", "Journal.sqlite-wal"])
        let contents = try StoreReader.read(path: store)
        #expect(contents.rows(of: "Entry") == 84)
        #expect(contents.journalMode == .wal)
        #expect(contents.files[.wal]?.size == (try Self.size(store + "-wal")))
        #expect(contents.files[.shm] == nil)
        #expect(try FolderFingerprint(folderOf: store) == before)
    }

    @Test("Without its -wal the same database file holds none of those entries")
    func walHoldsTheData() throws {
        let store = try Self.walStore()
        try FileManager.default.removeItem(atPath: store + "-wal")
        let contents = try StoreReader.read(path: store)
        #expect(contents.rows(of: "Entry") == 0)
    }

    @Test("The snapshot lives in a private folder that is removed afterwards")
    func privateFolder() throws {
        let store = try Self.walStore()
        let snapshot = try StoreSnapshot.take(of: store)
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshot.directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(FileManager.default.fileExists(atPath: snapshot.path + "-wal"))
        #expect(snapshot.path != store)
        let queue = try snapshot.openReadOnly()
        #expect(try queue.read { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZENTRY""#) } == 84)
        snapshot.remove()
        #expect(!FileManager.default.fileExists(atPath: snapshot.directory.path))
    }

    @Test(
        "A hot journal left by a writer killed mid-transaction is rolled back in the copy, not in the read-only original",
        SQLiteWriterProcess.required)
    func hotJournal() throws {
        let store = try JournalFixture.store(version: 2, entries: 2_000)
        let statements = #"PRAGMA cache_size = 2; BEGIN; UPDATE "ZENTRY" SET "ZTITLE" = 'lost';"#
        try SQLiteWriterProcess(path: store, statements: statements).crash()
        let journal = try FileManager.default.attributesOfItem(atPath: store + "-journal")[.size] as? Int
        #expect((journal ?? 0) > 0)
        for suffix in ["", "-journal"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store + suffix)
        }
        let before = try FolderFingerprint(folderOf: store)
        let snapshot = try StoreSnapshot.take(of: store)
        let lost = try snapshot.openReadOnly().read {
            try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZENTRY" WHERE "ZTITLE" = 'lost'"#)
        }
        #expect(lost == 0)
        #expect(try StoreReader.read(snapshot).rows(of: "Entry") == 2_000)
        #expect(snapshot.originalFiles[.journal] != nil)
        #expect(try FolderFingerprint(folderOf: store) == before)
    }

    @Test("A symbolic link to a WAL store is followed to the store, and the store is still left untouched")
    func symbolicLink() throws {
        let store = try Self.walStore()
        let link = try TemporaryDirectory.make().appendingPathComponent("Link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: store)
        let before = try FolderFingerprint(folderOf: store)
        let snapshot = try StoreSnapshot.take(of: link)
        #expect(try StoreReader.read(snapshot).rows(of: "Entry") == 84)
        #expect(snapshot.originalFiles[.wal] != nil)
        let copied = try FileManager.default.attributesOfItem(atPath: snapshot.path)
        #expect(copied[.type] as? FileAttributeType == .typeRegular)
        #expect(copied[.posixPermissions] as? Int == 0o600)
        #expect(try FolderFingerprint(folderOf: store) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: link).deletingLastPathComponent().path) == [
                "Link.sqlite"
            ])
    }

    @Test("The sweep removes the snapshot folders of processes that are gone and leaves every other entry alone")
    func sweepRemovesOrphansOnly() throws {
        let parent = try TemporaryDirectory.make()
        // No process has this id: it is above any pid_max Linux or macOS allows.
        let gone = "cdmigrate-snapshot-\(Int32.max)-abc123"
        let live = "cdmigrate-snapshot-\(getpid())-def456"
        let unrelated = ["cdmigrate-snapshot-", "cdmigrate-snapshot-x-1", "cdmigrate-snapshots", "other-\(Int32.max)-abc"]
        for name in [gone, live] + unrelated {
            try FileManager.default.createDirectory(
                at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        try Data("copy".utf8).write(to: parent.appendingPathComponent(gone).appendingPathComponent("Journal.sqlite"))
        #expect(StoreSnapshot.removeOrphans(in: parent) == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(left == ([live] + unrelated).sorted())
        #expect(StoreSnapshot.removeOrphans(in: parent) == 0)
    }
}
