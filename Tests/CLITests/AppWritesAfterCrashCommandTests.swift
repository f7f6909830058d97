import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// The real binary killed inside its swap, then the sample app's store opened and written by "the app"
/// before the next cdmigrate run: recovery keeps the app's write, the store stays intact, and the backup
/// still verifies.
@Suite(
    "An app writes between the kill and the next run",
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct AppWritesAfterCrashCommandTests {
    static let title = "written by the app after the crash"

    /// The key of the first entry the app adds.
    static let appKey = 1_000_000

    /// The app's write: 200 new entries with long titles (many pages written), the first titled ``title``.
    static func appWrites(_ store: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            // Journal 2 added a required Boolean: the app fills it where the store has it.
            let favorite = try db.columns(in: "ZENTRY").contains { $0.name == "ZFAVORITE" }
            try db.execute(
                sql: """
                    WITH RECURSIVE "n"("value") AS (SELECT 0 UNION ALL SELECT "value" + 1 FROM "n" WHERE "value" < 199)
                    INSERT INTO "ZENTRY" ("Z_PK", "Z_ENT", "Z_OPT", "ZTITLE"\(favorite ? #", "ZFAVORITE""# : ""))
                    SELECT ? + "value", (SELECT "Z_ENT" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = 'Entry'), 1,
                        CASE "value" WHEN 0 THEN ? ELSE hex(randomblob(1500)) END\(favorite ? ", 0" : "")
                    FROM "n"
                    """,
                arguments: [Self.appKey, Self.title])
            try db.execute(
                sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ? WHERE "Z_NAME" = 'Entry'"#, arguments: [Self.appKey + 199])
        }
        try queue.close()
    }

    /// The title of the app's first entry, read from a copy after SQLite's integrity check.
    static func title(_ store: String) throws -> String? {
        let copy = try TemporaryDirectory.make().appendingPathComponent("copy.sqlite").path
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: store + suffix) {
            try FileManager.default.copyItem(atPath: store + suffix, toPath: copy + suffix)
        }
        let queue = try DatabaseQueue(path: copy)
        defer { try? queue.close() }
        return try queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            return try String.fetchOne(db, sql: #"SELECT "ZTITLE" FROM "ZENTRY" WHERE "Z_PK" = ?"#, arguments: [Self.appKey])
        }
    }

    /// The `recover` records of the store's history (`history --json`, which recovers first).
    static func recoveries(_ store: String) throws -> [RunRecord] {
        let history = try CLIRunner.run(["history", store, "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        return try history.stdout.split(separator: "\n").map {
            try JSONDecoder.iso8601.decode(RunRecord.self, from: Data($0.utf8))
        }.filter { $0.action == .recover }
    }

    static func backupsVerify(_ store: String) throws {
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        for manifest in try backups.list() { try backups.verify(manifest) }
    }

    @Test("Killed with a WAL store's log parked, the app's write is kept and the store is intact")
    func parkedLog() throws {
        let store = try JournalFixture.walStore(version: 1, entries: 60)
        let killed = try CLIRunner.run(
            ["migrate", store, "--model", JournalFixture.modelPath, "--to", "Journal 2", "--yes", "--json"],
            environment: ["CDMIGRATE_CRASH_AT": "sidecars-parked"])
        #expect(killed.reason == .uncaughtSignal && killed.status == SIGKILL)
        try Self.appWrites(store)
        let recovered = try Self.recoveries(store)
        #expect(recovered.map(\.outcome) == [.keptNewerData])
        #expect(try Self.title(store) == Self.title)
        try Self.backupsVerify(store)
    }

    @Test("Two stores killed after the first swap, the app writing to both: each keeps its write, reported as split")
    func twoStoresSplit() throws {
        let folder = try TemporaryDirectory.make()
        let first = try JournalFixture.store(version: 1, entries: 40, in: folder, name: "First.sqlite")
        let second = try JournalFixture.store(version: 1, entries: 40, in: folder, name: "Second.sqlite")
        let killed = try CLIRunner.run(
            ["migrate", first, second, "--model", JournalFixture.modelPath, "--to", "Journal 2", "--yes", "--json"],
            environment: ["CDMIGRATE_CRASH_AT": "database-replaced:1"])
        #expect(killed.reason == .uncaughtSignal)
        for store in [first, second] { try Self.appWrites(store) }
        #expect(try Self.recoveries(second).map(\.outcome) == [.split])
        #expect(try Self.recoveries(first).map(\.outcome) == [.split])
        for store in [first, second] {
            #expect(try Self.title(store) == Self.title)
            try Self.backupsVerify(store)
        }
        let versions = try [first, second].map { store in
            let verify = try CLIRunner.run(["verify", store, "--model", JournalFixture.modelPath, "--json"])
            return try verify.decoded(StoreVerification.self).version
        }
        #expect(Set(versions) == ["Journal 1", "Journal 2"], "one store kept its new data, the other its original")
    }
}

extension JSONDecoder {
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
