import CSQLiteGuard
import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A store read in place goes through the read-ahead VFS: 16 pages per `pread`, never a mapping of the file,
/// and the same bytes, so the same counts, as reading page by page.
@Suite("Reading ahead")
struct ReadAheadFileSystemTests {
    /// Every store of the corpus's `stores` folders with nothing in a `-wal` beside it (those are read from a
    /// snapshot, not in place).
    static var corpusStores: [String] {
        guard Corpus.isAvailable,
            let projects = try? FileManager.default.contentsOfDirectory(atPath: Corpus.root.path)
        else { return [] }
        return projects.sorted().flatMap { project -> [String] in
            let folder = Corpus.root.appendingPathComponent(project).appendingPathComponent("stores")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { name in
                guard !["-wal", "-shm", "-journal"].contains(where: { name.hasSuffix($0) }) else { return false }
                let log = folder.appendingPathComponent(name + "-wal").path
                let logSize = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
                return logSize == 0
            }.sorted().map { "\(project)/stores/\($0)" }
        }
    }

    /// The VFS the connection's main database is read through.
    static func fileSystemName(_ queue: DatabaseQueue) throws -> String? {
        try queue.read { fileSystemName($0) }
    }

    /// The VFS the connection's database `schema` (`main`, or an attached one) is read through.
    static func fileSystemName(_ db: Database, schema: String = "main") -> String? {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite3_file_control(db.sqliteConnection, schema, SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK else { return nil }
        return vfs.flatMap { String(cString: $0.pointee.zName) }
    }

    @Test("The in-place view reads through the read-ahead VFS, which refuses to map the file")
    func viewUsesReadAhead() throws {
        let path = try JournalFixture.store(version: 1, entries: 50)
        let view = try #require(StoreFileView.open(path))
        #expect(ReadAheadFileSystem.isAvailable)
        #expect(try Self.fileSystemName(view.queue) == ReadAheadFileSystem.name)
        try view.queue.read { db in
            var size: Int64 = 1 << 20
            #expect(sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_MMAP_SIZE, &size) == SQLITE_NOTFOUND)
            let rows = try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZENTRY""#)
            #expect(rows == 50)
        }
    }

    @Test(
        "Corpus stores: every table's count and every row the same through the read-ahead VFS as page by page",
        Corpus.required, arguments: corpusStores)
    func corpusStoreReadsTheSame(_ store: String) throws {
        let path = try Corpus.copyStore(store)
        let view = try #require(StoreFileView.open(path))
        // Immutable as the view is, so that the comparison writes no -wal or -shm beside a WAL store.
        let plain = try HardenedConnection.open("file:\(path)?immutable=1", readonly: true)
        #expect(try Self.fileSystemName(plain) != ReadAheadFileSystem.name)
        let ahead = try Self.dump(view.queue)
        #expect(ahead == (try Self.dump(plain)))
        #expect(!ahead.isEmpty)
        try plain.close()
        #expect(view.isUnchanged)
    }

    @Test(
        "Corpus stores: the entities' counts read in place are those of a snapshot and of a GROUP BY over the table",
        Corpus.required, arguments: corpusStores)
    func corpusCountsMatchTheTableScan(_ store: String) throws {
        let path = try Corpus.copyStore(store)
        let inPlace = try StoreReader.read(path: path, checkIntegrity: false)
        let snapshot = try StoreSnapshot.take(of: path)
        defer { snapshot.remove() }
        #expect(inPlace.rowCounts == (try StoreReader.read(snapshot, checkIntegrity: false).rowCounts))
        let tables = Set(inPlace.rowCounts.compactMap(\.table)).sorted()
        let grouped = try RowCountTests.groupedCounts(path, tables: tables)
        for count in inPlace.rowCounts where count.table != nil {
            #expect(count.rows == grouped[count.number] ?? 0, "\(store): \(count.entity)")
        }
    }

    @Test("Only a read next to the one before, in order or in reverse, fills a chunk; a seek elsewhere reads its page alone")
    func chunksOnlyForReadsInOrder() {
        let chunk = Int64(ReadAheadFileSystem.chunkSize)
        let page: Int64 = 4096
        let fill = { (offset: Int64, previous: Range<Int64>) in
            ReadAheadFileSystem.chunkToFill(count: Int(page), at: offset, previous: previous, shortChunk: -1)
        }
        #expect(fill(page, 0..<page) == 0)
        #expect(fill(chunk + 2 * page, chunk + page..<chunk + 2 * page) == chunk)
        // In reverse, as SQLite's integrity check walks a table's leaves.
        #expect(fill(chunk * 5 - page, chunk * 5..<chunk * 5 + page) == chunk * 4)
        // A lookup jumping to another page, forwards or back, and the first read of the file.
        #expect(fill(chunk * 7, page..<2 * page) == nil)
        #expect(fill(page, chunk * 3..<chunk * 3 + page) == nil)
        #expect(fill(0, -1 ..< -1) == nil)
        // Next to the one before, but in the chunk the file ends inside, or larger than a chunk.
        #expect(
            ReadAheadFileSystem.chunkToFill(count: Int(page), at: chunk, previous: chunk - page..<chunk, shortChunk: chunk) == nil
        )
        #expect(ReadAheadFileSystem.chunkToFill(count: Int(chunk) * 2, at: page, previous: 0..<page, shortChunk: -1) == nil)
    }

    @Test("A store of many chunks, whose file ends inside one, counts exactly; so does a table of several entities")
    func manyChunks() throws {
        let path = try JournalFixture.store(version: 1, entries: 5_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 4 * ReadAheadFileSystem.chunkSize)
        #expect(try StoreReader.read(path: path, checkIntegrity: true).rows(of: "Entry") == 5_000)
        let fleet = try InheritanceFixture.store()
        let counts = try StoreReader.read(path: fleet, checkIntegrity: true).rowCounts
        #expect(counts.map(\.rows).sorted() == [0, 3, 4, 5])
    }

    @Test("A store truncated while it is read in place gives an error, never a signal, and the view sees the change")
    func truncatedWhileRead() throws {
        let path = try JournalFixture.store(version: 1, entries: 3_000)
        let view = try #require(StoreFileView.open(path))
        let whole = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(whole / 3))
        try handle.close()
        #expect(throws: DatabaseError.self) {
            try view.queue.read { db in try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZENTRY""#) }
        }
        #expect(!view.isUnchanged)
    }

    /// Every table's rows, in key order, as text.
    static func dump(_ queue: DatabaseQueue) throws -> [String: [String]] {
        try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            var dump: [String: [String]] = [:]
            for table in tables {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? -1
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
                dump[table] = ["\(count)"] + rows.map(\.description)
            }
            return dump
        }
    }
}
