import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 32: salvage stops probing past the largest row id a copy can hold. With a `-wal` read, the rows written
/// last may live only in its frames, so the bound must count them, or every row past the file's own are lost.
@Suite("Salvage's probe ceiling with -wal frames")
struct WALCeilingTests {
    /// The root page of each of `tables`, read through a snapshot: opening the store itself would checkpoint its
    /// `-wal` into the file when it closes.
    static func rootPages(_ store: String, _ tables: [String]) throws -> [Int] {
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        let queue = try snapshot.openReadOnly()
        defer { try? queue.close() }
        return try queue.read { db in
            try tables.map {
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [$0]) ?? 0
            }
        }
    }

    /// Zeroes page `number` of the database file at `path`.
    static func zero(_ path: String, page number: Int, size: Int = 4096) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(number - 1) * UInt64(size))
        try handle.write(contentsOf: Data(count: size))
        try handle.close()
    }

    @Test("The frames' rows raise the ceiling: a table whose root is lost is probed only up to the log's largest id")
    func logRowsRaiseTheCeiling() throws {
        let store = try SalvageFixture.walStore { path in
            try DatabaseQueue(path: path).write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE LOST (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR);
                        CREATE TABLE KEPT (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR);
                        INSERT INTO LOST VALUES (1, 'only');
                        """)
                for key in 1...300 { try db.execute(sql: "INSERT INTO KEPT VALUES (?, 'kept')", arguments: [key]) }
            }
        } late: { db in
            for key in 301...600 { try db.execute(sql: "INSERT INTO KEPT VALUES (?, 'late')", arguments: [key]) }
        }
        let root = try #require(try Self.rootPages(store, ["LOST"]).first)
        #expect(try !SalvageFixture.logPages(store + "-wal").contains(root))
        try Self.zero(store, page: root)

        // As salvage takes it: the file alone is damaged too, so the log is applied.
        let snapshot = try StoreSnapshot.take(
            of: store, options: SnapshotOptions(acceptWALLoss: true, repairsHeader: true, readsDatabaseAloneWhenLogRefused: true))
        defer { snapshot.remove() }
        #expect(try SetAsideLogReview.review(snapshot).leftOut == nil)
        #expect(snapshot.writeAheadLog.appliedFrames > 0)
        let scan = try #require(LoosePageScan(path: snapshot.path))
        // The file alone holds keys up to 300; the rows 301…600 are only in the log.
        #expect(scan.largestRowID() == 300)
        let ceiling = try #require(scan.largestRowID(log: (snapshot.path + "-wal", snapshot.writeAheadLog)))
        #expect(ceiling == 600)

        let queue = try snapshot.openReadOnly()
        var lost = RowWalker(table: SQLIdentifier("LOST"), selections: ["ZNAME"], limit: nil)
        lost.ceiling = ceiling
        #expect(try queue.inDatabase { db in try lost.walk(db) { _, _ in } } == [KeyRange(lower: 1, upper: nil)])
        // Without a ceiling every id of the 65,536-id window is tried, a failing seek each.
        #expect(lost.probes <= 601)
        var kept = RowWalker(table: SQLIdentifier("KEPT"), selections: ["ZNAME"], limit: nil)
        kept.ceiling = ceiling
        var keys: [Int64] = []
        #expect(try queue.inDatabase { db in try kept.walk(db) { row, _ in keys.append(row[0]) } }.isEmpty)
        #expect(keys == Array(1...600))
        try queue.close()
    }

    /// The log's frames are read for the ceiling by the list the log's check kept: a frame SQLite does not apply
    /// (here every frame after the first, whose page was damaged) holds no row a seek can find, so the ids on
    /// its pages do not raise the ceiling; before, the log was walked again frame by frame and every frame counted.
    @Test("Frames SQLite does not apply do not raise the ceiling: a log damaged at its first frame adds nothing")
    func unappliedFramesDoNotRaiseTheCeiling() throws {
        let store = try SalvageFixture.walStore { path in
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: "CREATE TABLE KEPT (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR)")
                for key in 1...300 { try db.execute(sql: "INSERT INTO KEPT VALUES (?, 'kept')", arguments: [key]) }
            }
        } late: { db in
            for key in 301...600 { try db.execute(sql: "INSERT INTO KEPT VALUES (?, 'late')", arguments: [key]) }
        }
        let intact = try WriteAheadLogCheck.check(walPath: store + "-wal", databasePath: store)
        #expect(intact.appliedFrames > 1)
        let scan = try #require(LoosePageScan(path: store))
        #expect(scan.largestRowID(log: (store + "-wal", intact)) == 600)
        // One byte of the first frame's page: its checksum fails, so SQLite applies no frame of the log.
        let handle = try #require(FileHandle(forUpdatingAtPath: store + "-wal"))
        try handle.seek(toOffset: intact.imageOffset(ofFrame: 0) + 200)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: intact.imageOffset(ofFrame: 0) + 200)
        try handle.write(contentsOf: Data([byte ^ 0xFF]))
        try handle.close()
        let damaged = try WriteAheadLogCheck.check(walPath: store + "-wal", databasePath: store)
        #expect(damaged.appliedFrames == 0 && damaged.lostTransactions == 1)
        #expect(scan.largestRowID(log: (store + "-wal", damaged)) == 300)
    }

    @Test("A WAL store whose Z_PRIMARYKEY is lost and whose last rows live only in the -wal: salvage reads them all")
    func salvageReadsPastTheFilesRows() throws {
        let entries = 600
        let store = try SalvageFixture.walStore { path in
            try SampleStoreGenerator(model: SalvageFixture.version(3), entries: entries).write(to: path)
        } late: { db in
            // The first late row fills a page of its own: the file's last leaf of ZENTRY is left as it was (SQLite
            // starts a new leaf rather than split it), so the log holds no copy of it. Z_PRIMARYKEY is not written.
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZTITLE, ZTEXT)
                    SELECT i, 1, 1, 0, 'Late ' || i, printf('%.*c', CASE WHEN i = ? THEN 3900 ELSE 300 END, 'y') FROM n
                    """, arguments: [entries + 1, entries + 200, entries + 1])
        }
        let logPages = try SalvageFixture.logPages(store + "-wal")
        let roots = try Self.rootPages(store, ["Z_PRIMARYKEY", "ZENTRY"])
        let (primaryKeys, entryRoot) = (roots[0], roots[1])
        // The file's page holding its largest entry, and the entries on it.
        var pageOfLast = 0
        var onIt = 0
        let file = try #require(LoosePageScan(path: store))
        file.forEachRecord { page, id, values in
            if id == entries, values.count > 3 { pageOfLast = page }
        }
        file.forEachRecord { page, _, _ in onIt += page == pageOfLast ? 1 : 0 }
        try #require(pageOfLast != 0 && pageOfLast != entryRoot && onIt > 0)
        try #require(!logPages.contains(primaryKeys) && !logPages.contains(pageOfLast))
        try Self.zero(store, page: primaryKeys)
        try Self.zero(store, page: pageOfLast)

        let (report, output) = try StoreSalvageTests.salvage(store, version: "Journal 3")
        #expect(report.notes.contains { $0.hasPrefix("Z_PRIMARYKEY is unreadable") })
        // Only the rows on the zeroed page are lost: every late row lies past the file's largest surviving key.
        #expect(report.recovered == entries - onIt + 200)
        let late = try DatabaseQueue(path: output).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY WHERE ZTITLE LIKE 'Late %'")
        }
        #expect(late == 200)
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(table.unreadable == [KeyRange(lower: Int64(entries - onIt + 1), upper: Int64(entries))])
    }
}
