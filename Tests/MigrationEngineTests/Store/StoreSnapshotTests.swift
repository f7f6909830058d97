import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Store snapshots never touch the original", Corpus.required)
struct StoreSnapshotTests {
    @Test("The WAL store's 84 posts are read from its -wal; its files stay byte-identical, no -shm appears")
    func walStoreUntouched() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let before = try FolderFingerprint(folderOf: store)
        #expect(
            before.files.keys.sorted() == ["CoreDataMigration_Example_WAL.sqlite", "CoreDataMigration_Example_WAL.sqlite-wal"])
        let contents = try StoreReader.read(path: store)
        #expect(contents.rows(of: "Post") == 84)
        #expect(contents.rows(of: "Color") == 84)
        #expect(contents.journalMode == .wal)
        #expect(contents.files[.wal]?.size == 1_763_392)
        #expect(contents.files[.shm] == nil)
        #expect(try FolderFingerprint(folderOf: store) == before)
    }

    @Test("Without its -wal the same database file holds none of those posts")
    func walHoldsTheData() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        try FileManager.default.removeItem(atPath: store + "-wal")
        let contents = try StoreReader.read(path: store)
        #expect(contents.rows(of: "Post") == 0)
    }

    @Test("The snapshot lives in a private folder that is removed afterwards")
    func privateFolder() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let snapshot = try StoreSnapshot.take(of: store)
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshot.directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(FileManager.default.fileExists(atPath: snapshot.path + "-wal"))
        #expect(snapshot.path != store)
        let queue = try snapshot.openReadOnly()
        #expect(try queue.read { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZPOST""#) } == 84)
        snapshot.remove()
        #expect(!FileManager.default.fileExists(atPath: snapshot.directory.path))
    }

    @Test("A hot journal left by a writer killed mid-transaction is rolled back in the copy, not in the read-only original")
    func hotJournal() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite")
        let statements = #"PRAGMA cache_size = 2; BEGIN; UPDATE "ZPOST" SET "ZHEXCOLOR" = 'lost';"#
        try SQLiteWriterProcess(path: store, statements: statements).crash()
        let journal = try FileManager.default.attributesOfItem(atPath: store + "-journal")[.size] as? Int
        #expect((journal ?? 0) > 0)
        for suffix in ["", "-journal"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store + suffix)
        }
        let before = try FolderFingerprint(folderOf: store)
        let snapshot = try StoreSnapshot.take(of: store)
        let lost = try snapshot.openReadOnly().read {
            try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZPOST" WHERE "ZHEXCOLOR" = 'lost'"#)
        }
        #expect(lost == 0)
        #expect(try StoreReader.read(snapshot).rows(of: "Post") == 5979)
        #expect(snapshot.originalFiles[.journal] != nil)
        #expect(try FolderFingerprint(folderOf: store) == before)
    }

    @Test("A symbolic link to a WAL store is followed to the store, and the store is still left untouched")
    func symbolicLink() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let link = try TemporaryDirectory.make().appendingPathComponent("Link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: store)
        let before = try FolderFingerprint(folderOf: store)
        let snapshot = try StoreSnapshot.take(of: link)
        #expect(try StoreReader.read(snapshot).rows(of: "Post") == 84)
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
}
