import Foundation
import GRDB
import TestSupport
import Testing

/// `restore` replaces the current store, so it says what that discards (the rows per entity now and in the
/// backup, and whether the store was written after the backup's run) and asks, or takes `--yes`.
@Suite("restore asks and says what it discards", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct RestoreCommandTests {
    /// A Journal 2 store of 10 entries migrated to Journal 3 (its backup holds the 10 entries).
    static func migratedStore() throws -> String {
        let store = try JournalFixture.store(version: 2, entries: 10)
        let migrated = try CLIRunner.run(["migrate", store, "--model", JournalFixture.modelPath, "--to", "Journal 3", "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        return store
    }

    /// What the app writes after the migration: two more entries.
    static func appWrites(_ store: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            let number = try Int.fetchOne(db, sql: #"SELECT "Z_ENT" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = 'Entry'"#)
            for key in [101, 102] {
                try db.execute(
                    sql: #"INSERT INTO "ZENTRY" ("Z_PK", "Z_ENT", "Z_OPT", "ZFAVORITE", "ZTITLE") VALUES (?, ?, 1, 0, 'new')"#,
                    arguments: [key, number])
            }
        }
        try queue.close()
    }

    @Test("Without --yes off a terminal: exit 11, the writes it would discard named, nothing changed")
    func refusedWithoutYes() throws {
        let store = try Self.migratedStore()
        try Self.appWrites(store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let result = try CLIRunner.run(["restore", store])
        #expect(result.status == 11)
        #expect(result.stderr == "cdmigrate: error: \(store): not on a terminal: pass --yes to restore\n")
        #expect(result.stdout.contains("The store was written after the backup's run: a restore discards those writes."))
        #expect(result.stdout.contains("Rows, backup → now:\n  Entry: 10 → 12 (+2)\n"), "\(result.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("--yes --json: the preview line, then the record; the store is back to the backup")
    func jsonWithYes() throws {
        let store = try Self.migratedStore()
        try Self.appWrites(store)
        let result = try CLIRunner.run(["restore", store, "--yes", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let preview = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let entities = try #require(preview["entities"] as? [[String: Any]])
        let entry = try #require(entities.first { $0["entity"] as? String == "Entry" })
        #expect(entry["inBackup"] as? Int == 10)
        #expect(entry["now"] as? Int == 12)
        #expect((preview["backup"] as? [String: Any])?["version"] as? String == "Journal 2")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(record["action"] as? String == "restore")
        let verify = try CLIRunner.run(["verify", store, "--model", JournalFixture.modelPath])
        #expect(verify.stdout.contains("a valid Journal 2 store"), "\(verify.stdout)")
    }

    @Test("A store untouched since the run: not written after it, every entity as in the backup")
    func untouched() throws {
        let store = try Self.migratedStore()
        let result = try CLIRunner.run(["restore", store, "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The store was not written after the backup's run."), "\(result.stdout)")
        #expect(result.stdout.contains("Every entity has as many rows as in the backup."))
    }

    @Test("A current store that cannot be read is named; the restore still runs")
    func unreadableStore() throws {
        let store = try Self.migratedStore()
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: store))
        let result = try CLIRunner.run(["restore", store, "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("warning: \(store)"), "\(result.stdout)")
        #expect(!result.stdout.contains("Rows, backup"))
        let verify = try CLIRunner.run(["verify", store, "--model", JournalFixture.modelPath])
        #expect(verify.stdout.contains("a valid Journal 2 store"), "\(verify.stdout)")
    }
}
