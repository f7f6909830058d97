import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Salvage's walker steps over damage by seeking; how far it probes must be bounded by what the file can hold.
@Suite("Row walker")
struct RowWalkerTests {
    /// A database whose table `LOST` (one row, its root page zeroed) no seek can read, beside `KEPT`'s 300 rows.
    static func store() throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Walked.sqlite").path
        let queue = try DatabaseQueue(path: path)
        let root = try queue.write { db -> Int in
            try db.execute(
                sql: """
                    PRAGMA page_size = 4096; PRAGMA journal_mode = DELETE;
                    CREATE TABLE LOST (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR);
                    CREATE TABLE KEPT (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR);
                    INSERT INTO LOST VALUES (1, 'only');
                    """)
            for key in 1...300 { try db.execute(sql: "INSERT INTO KEPT VALUES (?, 'kept')", arguments: [key]) }
            return try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'LOST'") ?? 0
        }
        try queue.close()
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(root - 1) * 4096)
        try handle.write(contentsOf: Data(count: 4096))
        try handle.close()
        return path
    }

    @Test("Its root page lost and no Z_MAX known: probing stops above the largest row id on the file's pages")
    func ceilingBoundsProbes() throws {
        let path = try Self.store()
        let scan = try #require(LoosePageScan(path: path))
        let ceiling = try #require(scan.largestRowID())
        #expect(ceiling == 300)
        var walker = RowWalker(table: SQLIdentifier("LOST"), selections: ["ZNAME"], limit: nil)
        walker.ceiling = ceiling
        let queue = try DatabaseQueue(path: path, configuration: Configuration())
        var rows = 0
        let unreadable = try queue.inDatabase { db in try walker.walk(db) { _, _ in rows += 1 } }
        #expect(rows == 0)
        #expect(unreadable == [KeyRange(lower: 1, upper: nil)])
        // Without the ceiling every id of the 65,536-id window is tried, a failing seek each.
        #expect(walker.probes <= 301)
        // The rows of an intact table are all read, the ceiling notwithstanding.
        var kept = RowWalker(table: SQLIdentifier("KEPT"), selections: ["ZNAME"], limit: nil)
        kept.ceiling = ceiling
        var keys: [Int64] = []
        #expect(try queue.inDatabase { db in try kept.walk(db) { row, _ in keys.append(row[0]) } }.isEmpty)
        #expect(keys == Array(1...300))
    }
}
