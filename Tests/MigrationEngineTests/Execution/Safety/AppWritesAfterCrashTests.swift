import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// An app opens its store as soon as it launches, so after a crash it often writes before the next run
/// recovers. Recovery must keep what it wrote, rename nothing over a file that changed, and leave every
/// backup as it was taken.
@Suite("Recovery when an app wrote between the crash and the next run")
struct AppWritesAfterCrashTests {
    /// The rows an app adds in ``appWrites(_:column:)``, enough to rewrite many pages of the store.
    static let appRows = 300

    /// Writes to a store the way an app would, through SQLite on the store itself: the known value, and
    /// ``appRows`` rows of 2 KB, so the write reaches well past the pages the store had.
    static func appWrites(_ store: String, column: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: #"UPDATE "ZBASICENTITY" SET "\#(column)" = 'written by the app' WHERE "Z_PK" = 1"#)
            for key in 2...(Self.appRows + 1) {
                try db.execute(
                    sql: #"INSERT INTO "ZBASICENTITY" ("Z_PK", "Z_ENT", "Z_OPT", "\#(column)") VALUES (?, 1, 1, ?)"#,
                    arguments: [key, String(repeating: "n", count: 2_000)])
            }
        }
        try queue.close()
    }

    /// The store's value at `column` and its row count, read from a snapshot after SQLite's integrity check.
    static func contents(_ store: String, column: String) throws -> (value: String?, rows: Int) {
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        return try snapshot.openReadOnly().read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let value = try String.fetchOne(db, sql: #"SELECT "\#(column)" FROM "ZBASICENTITY" WHERE "Z_PK" = 1"#)
            return (value, try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZBASICENTITY""#) ?? 0)
        }
    }

    /// Puts the store in WAL mode with `change` committed only in its `-wal`, as a store an app has open
    /// holds it (the files are copied while the writer is still open, so nothing is checkpointed).
    static func commitOnlyToLog(_ store: String, _ change: String) throws {
        let live = try TemporaryDirectory.make().appendingPathComponent("live.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: live)
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: change)
        }
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: live, toPath: store)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: store + "-wal")
        try queue.close()
    }

    /// A WAL store with its value committed only in its `-wal`.
    static func moveValueIntoLog(_ store: String) throws {
        try commitOnlyToLog(store, #"UPDATE "ZBASICENTITY" SET "ZV1_0_0_NAME" = 'kept only in the log'"#)
    }

    /// Two stores prepared for a swap (WAL stores with their value only in the log when `wal`), and the swap
    /// stopped dead the `occurrence`-th time it reaches `stage`.
    static func cut(at stage: SwapStage, occurrence: Int = 1, wal: Bool = false) throws -> RecoveryTests.Prepared {
        let prepared = try RecoveryTests().prepare(before: wal ? moveValueIntoLog : { _ in })
        RecoveryTests.stop(prepared, at: stage, occurrence: occurrence)
        return prepared
    }

    static func verifyBackups(_ prepared: RecoveryTests.Prepared) throws {
        for member in prepared.journal.members {
            let backups = BackupStore(root: BackupLocation.root(of: member.backupFolder))
            try backups.verify(try backups.manifest(of: URL(fileURLWithPath: member.backupFolder).lastPathComponent))
        }
    }

    @Test("Killed with the logs parked, an app's write to the database is kept: the old log never comes back over it")
    func parkedLogNeverRenamedOverAWrittenDatabase() throws {
        let prepared = try Self.cut(at: .sidecarsParked, wal: true)
        let store = prepared.stores[0]
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"), "the first store's log is parked")
        try Self.appWrites(store, column: "ZV1_0_0_NAME")
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: store))
        #expect(recovered.outcome == .keptNewerData)
        let contents = try Self.contents(store, column: "ZV1_0_0_NAME")
        #expect(contents.value == "written by the app")
        #expect(contents.rows == Self.appRows + 1)
        // The parked log is not lost: the backup holds it, and the recovery kept the parked file beside it.
        let member = prepared.journal.members[0]
        #expect(FileManager.default.fileExists(atPath: member.backupFolder + "/parked-test-wal"))
        try Self.verifyBackups(prepared)
        // The second store, never touched, is its original again, with its log.
        #expect(try Self.contents(prepared.stores[1], column: "ZV1_0_0_NAME").value == "kept only in the log")
        for store in prepared.stores { #expect(try StorePaths(storePath: store).leftovers().isEmpty) }
    }

    @Test("Killed between two stores, an app writing to both leaves each with its write, reported as split")
    func writesOnBothSidesAreSplit() throws {
        let prepared = try Self.cut(at: .databaseReplaced, occurrence: 1)
        let (first, second) = (prepared.stores[0], prepared.stores[1])
        try Self.appWrites(first, column: "ZV1_1_0_NAME") // already the new store
        try Self.appWrites(second, column: "ZV1_0_0_NAME") // still the original
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: second))
        #expect(recovered.outcome == .split)
        #expect(try Self.contents(first, column: "ZV1_1_0_NAME").value == "written by the app")
        #expect(try Self.contents(second, column: "ZV1_0_0_NAME").value == "written by the app")
        for (store, side) in zip(prepared.stores, ["its new data", "its original data"]) {
            let member = try #require(prepared.journal.members.first { $0.storePath == StorePaths(storePath: store).storePath })
            let record = try #require(try RunHistory(root: BackupLocation.root(of: member.backupFolder)).records().last)
            #expect(record.action == .recover && record.outcome == .split)
            #expect(record.detail?.contains(side) == true, "\(record.detail ?? "")")
            #expect(try StorePaths(storePath: store).leftovers().isEmpty)
        }
        try Self.verifyBackups(prepared)
    }

    @Test("Killed between two stores, an app writing only to the new one: the other is finished, nothing is lost")
    func writeToTheNewStoreFinishesTheOther() throws {
        let prepared = try Self.cut(at: .databaseReplaced, occurrence: 1)
        try Self.appWrites(prepared.stores[0], column: "ZV1_1_0_NAME")
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[1]))
        #expect(recovered.outcome == .finishedSwap)
        #expect(try Self.contents(prepared.stores[0], column: "ZV1_1_0_NAME").value == "written by the app")
        #expect(try Self.contents(prepared.stores[1], column: "ZV1_1_0_NAME").value == RenameChainFixture.knownValue)
    }

    @Test("Killed between two stores, a new store whose app left its log behind is kept, with the log")
    func logLeftBesideTheNewStoreIsKept() throws {
        let prepared = try Self.cut(at: .databaseReplaced, occurrence: 1)
        try Self.appWrites(prepared.stores[1], column: "ZV1_0_0_NAME")
        // An app killed before closing: its committed write is only in the -wal beside the new store.
        let first = prepared.stores[0]
        try Self.commitOnlyToLog(first, #"UPDATE "ZBASICENTITY" SET "ZV1_1_0_NAME" = 'written by the app'"#)
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[1]))
        #expect(recovered.outcome == .split)
        #expect(try Self.contents(first, column: "ZV1_1_0_NAME").value == "written by the app")
    }

    @Test("Killed after its journal was written, an app's write to the original never reaches the backup")
    func backupApartFromTheStoreBeforeTheSwap() throws {
        let prepared = try Self.cut(at: .journalWritten)
        for member in prepared.journal.members {
            let kept = member.backupFolder + "/" + URL(fileURLWithPath: member.storePath).lastPathComponent
            var live = stat()
            var backup = stat()
            #expect(stat(member.storePath, &live) == 0 && stat(kept, &backup) == 0)
            #expect(live.st_ino != backup.st_ino, "a backup shares no file with the store an app can open")
        }
        try Self.appWrites(prepared.stores[0], column: "ZV1_0_0_NAME")
        try Self.verifyBackups(prepared)
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[0]))
        #expect(recovered.outcome == .keptNewerData)
        #expect(try Self.contents(prepared.stores[0], column: "ZV1_0_0_NAME").value == "written by the app")
        try Self.verifyBackups(prepared)
    }
}
