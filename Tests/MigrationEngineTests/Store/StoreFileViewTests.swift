import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A store whose data is all in its database file is read where it lies, `immutable`, writing nothing; any
/// sidecar with content, or a change while it is read, sends the reader to a snapshot.
@Suite("Reading a store in place")
struct StoreFileViewTests {
    /// A store in WAL mode whose log was checkpointed and removed when its last connection closed: the
    /// database file says WAL, and no `-wal` or `-shm` is beside it.
    static func closedWALStore() throws -> String {
        let path = try JournalFixture.store(version: 1, entries: 300)
        var configuration = GRDB.Configuration()
        configuration.journalMode = .wal
        try DatabaseQueue(path: path, configuration: configuration).close()
        return path
    }

    @Test("A closed WAL store: read in place, the same contents as from a snapshot, and not a byte written beside it")
    func closedWALStoreInPlace() throws {
        let path = try Self.closedWALStore()
        let before = try FolderFingerprint(folderOf: path)
        #expect(before.files.keys.sorted() == ["Journal.sqlite"])
        let view = try #require(StoreFileView.open(path))
        #expect(view.header[18] == 2, "the file says WAL")
        let inPlace = try StoreReader.read(path: path, checkIntegrity: true)
        let snapshot = try StoreSnapshot.take(of: path)
        let copied = try StoreReader.read(snapshot, checkIntegrity: true)
        snapshot.remove()
        #expect(inPlace.rowCounts == copied.rowCounts)
        #expect(inPlace.rows(of: "Entry") == 300)
        #expect(inPlace.metadata.uuid == copied.metadata.uuid)
        #expect(inPlace.journalMode == .wal && inPlace.files == copied.files)
        #expect(try FolderFingerprint(folderOf: path) == before, "no -shm, no -wal, unchanged times")
    }

    @Test("A -wal or -journal with content needs a snapshot; an empty one does not")
    func sidecarsNeedASnapshot() throws {
        let wal = try JournalFixture.walStore(version: 1, entries: 40)
        #expect(StoreFileView.open(wal) == nil)
        #expect(try StoreReader.read(path: wal).rows(of: "Entry") == 40, "the entries only in the -wal are read")
        let journal = try JournalFixture.store(version: 1, entries: 10)
        #expect(FileManager.default.createFile(atPath: journal + "-journal", contents: Data(repeating: 0, count: 512)))
        #expect(StoreFileView.open(journal) == nil)
        let emptyLog = try Self.closedWALStore()
        #expect(FileManager.default.createFile(atPath: emptyLog + "-wal", contents: Data()))
        #expect(StoreFileView.open(emptyLog) != nil)
    }

    @Test("A write while the view is open is noticed, so what was read is discarded for a snapshot")
    func changeIsNoticed() throws {
        let path = try JournalFixture.store(version: 1, entries: 10)
        let view = try #require(StoreFileView.open(path))
        #expect(view.isUnchanged)
        try DatabaseQueue(path: path).write { try $0.execute(sql: #"DELETE FROM "ZENTRY" WHERE "Z_PK" = 1"#) }
        #expect(!view.isUnchanged)
        #expect(try StoreReader.read(path: path).rows(of: "Entry") == 9)
    }

    @Test("A file name with URI syntax in it (?, #, %) is the file read, not a URI parameter")
    func uriCharactersInTheName() throws {
        let folder = try TemporaryDirectory.make()
        let path = try JournalFixture.store(version: 1, entries: 7, in: folder, name: "we?immutable=0#x%41.sqlite")
        #expect(StoreFileView.open(path) != nil)
        #expect(try StoreReader.read(path: path).rows(of: "Entry") == 7)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["we?immutable=0#x%41.sqlite"])
    }
}
