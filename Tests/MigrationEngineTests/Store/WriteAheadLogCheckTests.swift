import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// A damaged `-wal` must not make committed rows vanish silently: SQLite stops at the first bad frame, so a
/// snapshot refuses a log with committed transactions after it, naming them, unless the loss is accepted.
@Suite("Write-ahead log check")
struct WriteAheadLogCheckTests {
    @Test("An intact log applies every transaction and loses none")
    func intact() throws {
        let fixture = try WriteAheadLogFixture(transactions: 40)
        let check = try WriteAheadLogCheck.check(walPath: fixture.wal, databasePath: fixture.path)
        #expect(check.appliedFrames == (try fixture.frames()))
        #expect(check.appliedTransactions >= 40)
        #expect(!check.losesCommittedData)
        let snapshot = try StoreSnapshot.take(of: fixture.path)
        #expect(try WriteAheadLogFixture.rows(snapshot.openReadOnly()) == 40)
        // Read once for salvage too: the page each applied frame holds, and the size the last commit gives.
        #expect(check.appliedPages.count == check.appliedFrames && check.pageSize >= 512)
        let pages = try snapshot.openReadOnly().read { try Int.fetchOne($0, sql: "PRAGMA page_count") }
        #expect(check.committedPages == pages)
    }

    @Test("A bad frame mid-log is refused, naming the lost transactions; accepting it keeps the valid prefix")
    func damagedMidLog() throws {
        let fixture = try WriteAheadLogFixture(transactions: 40)
        let intact = try WriteAheadLogCheck.check(walPath: fixture.wal, databasePath: fixture.path)
        let bad = try fixture.frames() / 2
        try fixture.damage(frame: bad)
        let check = try WriteAheadLogCheck.check(walPath: fixture.wal, databasePath: fixture.path)
        #expect(check.firstBadFrame == bad)
        #expect(check.lostFrames == (try fixture.frames()) - bad + 1)
        #expect(check.lostTransactions > 0)
        #expect(check.appliedTransactions + check.lostTransactions == intact.appliedTransactions)
        let error = #expect(throws: StoreError.self) { try StoreSnapshot.take(of: fixture.path) }
        #expect(error?.code == .damaged)
        #expect(error?.path == fixture.path)
        #expect(error?.message.contains("\(check.lostTransactions) committed transaction(s)") == true)
        #expect(error?.remedy == .acceptWriteAheadLogLoss)
        let accepted = try StoreSnapshot.take(of: fixture.path, options: SnapshotOptions(acceptWALLoss: true))
        #expect(accepted.writeAheadLog == check)
        let rows = try WriteAheadLogFixture.rows(accepted.openReadOnly())
        #expect(rows > 0 && rows < 40, "SQLite applies only the prefix: \(rows) rows")
    }

    @Test("A torn last frame (a crash mid-commit) and frames left from before a restart lose nothing")
    func harmlessEndings() throws {
        let torn = try WriteAheadLogFixture(transactions: 10)
        try torn.damage(frame: try torn.frames())
        let tornCheck = try WriteAheadLogCheck.check(walPath: torn.wal, databasePath: torn.path)
        #expect(tornCheck.lostTransactions == 0)
        #expect(!tornCheck.losesCommittedData)
        _ = try StoreSnapshot.take(of: torn.path)

        let restarted = try WriteAheadLogFixture(transactions: 30, restartAfter: 27)
        let check = try WriteAheadLogCheck.check(walPath: restarted.wal, databasePath: restarted.path)
        #expect(check.appliedFrames < (try restarted.frames()), "old frames remain after the new generation")
        #expect(!check.losesCommittedData)
        #expect(try WriteAheadLogFixture.rows(StoreSnapshot.take(of: restarted.path).openReadOnly()) == 30)
    }

    @Test("A -wal that cannot belong to the database is refused: another page size, or a database not in WAL mode")
    func foreignLog() throws {
        let fixture = try WriteAheadLogFixture(transactions: 5)
        let folder = try TemporaryDirectory.make()
        for (name, pageSize, mode) in [("other-size", 8192, "WAL"), ("rollback", 4096, "DELETE")] {
            let path = folder.appendingPathComponent("\(name).sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA page_size = \(pageSize)")
                try db.execute(sql: "PRAGMA journal_mode = \(mode)")
                try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT)")
            }
            try queue.close()
            try FileManager.default.copyItem(atPath: fixture.wal, toPath: path + "-wal")
            let check = try WriteAheadLogCheck.check(walPath: path + "-wal", databasePath: path)
            #expect(check.foreignReason != nil, "\(name)")
            let error = #expect(throws: StoreError.self) { try StoreSnapshot.take(of: path) }
            #expect(error?.message.contains("does not belong") == true)
        }
    }
}
