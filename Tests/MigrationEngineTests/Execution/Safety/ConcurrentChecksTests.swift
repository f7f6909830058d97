import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The work a run now does on the second core, or in one pass instead of several, still refuses what it
/// refused before.
@Suite("Checks done once, or beside other work")
struct ConcurrentChecksTests {
    static func journal3() throws -> String {
        try SampleJournalStore.journal3([("Ann", 2, "one"), (nil, 3, "two"), ("Bo", 1, "three")])
    }

    @Test("The integrity check, run beside the other checks, still refuses a damaged store first")
    func integrityStillCaught() throws {
        let path = try Self.journal3()
        try StoreValidator(model: SampleJournalStore.version(3)).validate(path, expectedCounts: ["Entry": 3])
        // The header's freelist count (bytes 36–39) claims pages that are not there: every row still reads,
        // only the integrity check can tell.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 36)
        try handle.write(contentsOf: Data([0, 0, 0, 5]))
        try handle.close()
        #expect(throws: ExecutionError.self) {
            try StoreValidator(model: SampleJournalStore.version(3)).validate(path, expectedCounts: ["Entry": 3])
        }
        do {
            // Wrong counts as well: the damage is still what is reported.
            try StoreValidator(model: SampleJournalStore.version(3)).validate(path, expectedCounts: ["Entry": 4])
            Issue.record("a damaged store passed")
        } catch {
            #expect("\(error)".contains("integrity_check"))
        }
        // Without the integrity check the damage goes unseen: it is that check which catches it.
        try StoreValidator(model: SampleJournalStore.version(3)).validate(
            path, expectedCounts: ["Entry": 3], checksIntegrity: false)
    }

    @Test("Counting a table in one pass answers what grouping answers, and groups when numbers differ")
    func singlePassCounts() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE T (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER)")
            #expect(try PrimaryKeyEntry.singleEntityRows(in: SQLIdentifier("T"), db)?.isEmpty == true)
            try db.execute(sql: "INSERT INTO T VALUES (1, 3, 1), (4, 3, 1), (9, 3, 1)")
            let single = try #require(try PrimaryKeyEntry.singleEntityRows(in: SQLIdentifier("T"), db))
            #expect(single.count == 1 && single[3]?.rows == 3 && single[3]?.maxKey == 9)
            #expect(try PrimaryKeyEntry.rowsPerEntity(in: SQLIdentifier("T"), db) == [3: 3])
            for odd in ["(10, 4, 1)", "(10, NULL, 1)", "(10, CAST('3' AS BLOB), 1)"] {
                try db.execute(sql: "INSERT INTO T VALUES " + odd)
                #expect(try PrimaryKeyEntry.singleEntityRows(in: SQLIdentifier("T"), db) == nil)
                try db.execute(sql: "DELETE FROM T WHERE Z_PK = 10")
            }
            try db.execute(sql: "INSERT INTO T VALUES (10, 4, 1)")
            #expect(try PrimaryKeyEntry.rowsPerEntity(in: SQLIdentifier("T"), db) == [3: 3, 4: 1])
        }
    }

    @Test("Validation still refuses a row of another entity in a table of one entity")
    func foreignEntityRowRefused() throws {
        let path = try Self.journal3()
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE ZENTRY SET Z_ENT = 7 WHERE Z_PK = 2") }
        try queue.close()
        do {
            try StoreValidator(model: SampleJournalStore.version(3)).validate(path, checksIntegrity: false)
            Issue.record("a row of entity 7 passed")
        } catch {
            #expect("\(error)".contains("entity number 7"))
        }
    }

    @Test("A digest taken ahead of time is used only while the file is unchanged, through a hard link too")
    func stampedDigest() throws {
        let folder = try TemporaryDirectory.make().path
        let file = folder + "/data"
        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: file))
        let taken = try #require(StampedDigest.compute(file))
        #expect(taken.digest == FileDigest.sha256(file))
        #expect(link(file, folder + "/linked") == 0)
        #expect(taken.digest(ifUnchanged: folder + "/linked") == taken.digest)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.seek(toOffset: 10)
        try handle.write(contentsOf: Data([1]))
        try handle.close()
        #expect(taken.digest(ifUnchanged: file) == nil)
        #expect(taken.digest(ifUnchanged: folder + "/missing") == nil)
    }

    @Test("Work on the other thread hands back its value or its error")
    func concurrentWork() throws {
        #expect(try ConcurrentWork { 6 * 7 }.value() == 42)
        let failing = ConcurrentWork<Int> { throw CocoaError(.fileReadUnknown) }
        #expect(throws: CocoaError.self) { try failing.value() }
        failing.wait()
    }
}
