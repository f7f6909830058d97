import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate inspect", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct InspectCommandTests {
    static let documentedKeys: Set<String> = [
        "path", "files", "journalMode", "autoVacuum", "uuid", "frameworkVersion", "hashesVersion",
        "versionIdentifiers", "hashesDigest", "checksum", "metadata", "metadataTypes", "unknownMetadataKeys",
        "entities", "joinTables", "historyTables", "otherTables", "hasModelCache", "modelSource", "modelVersions",
        "modelLocation",
        "compatibility",
    ]

    @Test("--json on a WAL store: the documented shape, the entries only in its -wal counted, its version compatible")
    func jsonShape() throws {
        let store = try JournalFixture.walStore(version: 2, entries: 120)
        let before = try FolderFingerprint(folderOf: store)
        let result = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath, "--json"])
        #expect(try FolderFingerprint(folderOf: store) == before, "inspect wrote nothing beside the store")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try CLIRunner.jsonKeys(result.stdout).isSubset(of: Self.documentedKeys))
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(result.stdout.utf8))
        #expect(report.entities.map(\.rows) == [120])
        #expect(report.entities.allSatisfy { $0.matchesModel == true })
        #expect(report.journalMode == .wal)
        #expect(report.files.map(\.role) == [.database, .wal])
        #expect(report.modelSource == .file(JournalFixture.modelPath))
        #expect(report.compatibility?.compatibleVersion == "Journal 2")
        #expect(report.metadataTypes["NSStoreModelVersionHashes"] == "dictionary")
    }

    @Test("Text report with --model names the compatible version and marks entities ✓; without one, the nearest")
    func textWithModel() throws {
        let store = try JournalFixture.journal4(entries: 30)
        let result = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath])
        #expect(result.status == 0)
        #expect(result.stdout.contains("compatible version: ✓ Journal 4"))
        #expect(result.stdout.contains("✗ Journal 3 (0/2), ✓ Journal 4 (2/2), ✗ Journal 5 (0/2)"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("✓") }.count == 2)
        #expect(lines.contains { $0.hasPrefix("2  Entry") && $0.contains("ZENTRY   30    30") }, "rows and Z_MAX")
        let older = try JournalFixture.store(version: 1, entries: 5)
        let model = JournalFixture.modelPath + "/Journal 5.xcdatamodel"
        let nearest = try CLIRunner.run(["inspect", older, "--model", model])
        #expect(nearest.status == 0)
        #expect(nearest.stdout.contains("✗ no compatible version; nearest: Journal 5"))
    }

    @Test(
        "Bad stores: one line on stderr naming the file, a distinct exit code each", SQLiteWriterProcess.required)
    func badStores() throws {
        let folder = try TemporaryDirectory.make()
        let text = folder.appendingPathComponent("notes.sqlite").path
        try Data("just text, not a database at all; padding padding padding padding padding padding padding padding".utf8)
            .write(to: URL(fileURLWithPath: text))
        let plain = folder.appendingPathComponent("plain.sqlite").path
        try DatabaseQueue(path: plain).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        let damaged = try JournalFixture.store(version: 2, entries: 2_000)
        try FileHandle(forWritingTo: URL(fileURLWithPath: damaged)).truncate(atOffset: 4096 * 10)
        let locked = try JournalFixture.store(version: 1, entries: 10)
        let writer = try SQLiteWriterProcess(path: locked)
        defer { writer.finish() }
        let cases: [(String, Int32)] = [
            (folder.appendingPathComponent("missing.sqlite").path, 3), (text, 4), (damaged, 5), (locked, 6),
            (folder.path, 7), (plain, 12),
        ]
        for (path, status) in cases {
            let result = try CLIRunner.run(["inspect", path])
            #expect(result.status == status, "\(path)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("cdmigrate: error: \(path): "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        }
    }

    @Test(
        "A store the user may not read: exit 7, one line naming it",
        .enabled(if: CLIRunner.canRunUnprivileged, "as root, needs setpriv and a binary user nobody can reach"))
    func permissionDenied() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: URL(fileURLWithPath: store).deletingLastPathComponent().path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: store)
        let result = try CLIRunner.runUnprivileged(["inspect", store])
        #expect(result.status == 7)
        #expect(result.stderr == "cdmigrate: error: \(store): cannot open: Permission denied\n")
    }

    @Test("A damaged model cache: damaged without --model, compared by hashes alone with it")
    func damagedModelCache() throws {
        let store = try JournalFixture.store(version: 2, entries: 10)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: #"CREATE TABLE IF NOT EXISTS "Z_MODELCACHE" ("Z_CONTENT" BLOB)"#)
            try db.execute(sql: #"DELETE FROM "Z_MODELCACHE""#)
            try db.execute(sql: #"INSERT INTO "Z_MODELCACHE" VALUES (?)"#, arguments: [Data("junk".utf8)])
        }
        let alone = try CLIRunner.run(["inspect", store])
        #expect(alone.status == 5)
        #expect(alone.stderr.hasPrefix("cdmigrate: error: \(store): model cache is unreadable: "))
        let compared = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath, "--json"])
        #expect(compared.status == 0)
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(compared.stdout.utf8))
        #expect(report.compatibility?.compatibleVersion == "Journal 2")
        #expect(report.compatibility?.usesStoreModel == false)
    }

    @Test("A store without a model cache and no --model: facts shown, no compatibility claimed")
    func noModelAtAll() throws {
        let store = try JournalFixture.store(version: 1, entries: 10)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DROP TABLE IF EXISTS "Z_MODELCACHE""#) }
        let text = try CLIRunner.run(["inspect", store])
        #expect(text.status == 0)
        #expect(text.stdout.contains("none (the store has no model cache; pass --model)"))
        let json = try CLIRunner.run(["inspect", store, "--json"])
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(json.stdout.utf8))
        #expect(report.compatibility == nil && report.modelSource == nil && !report.hasModelCache)
        #expect(report.entities.map(\.rows) == [10])
        #expect(report.entities.first?.matchesModel == nil)
    }

    @Test(
        "Damaged rows the report does not read: found only with --check (exit 5), which the plain report skips",
        DamageScript.required)
    func checkFindsWhatTheReportDoesNotRead() throws {
        // ZENTRY has an index (on its author), so its rows are counted from the index and its own zeroed
        // leaf pages are read by quick_check alone.
        let damage = try DamageScript.damage(
            try JournalFixture.journal4(entries: 2_000), ["leaf", "--table", "ZENTRY", "--pages", "2"])
        #expect((damage.hit?["ZENTRY"]?.leafPages ?? 0) == 2)
        let plain = try CLIRunner.run(["inspect", damage.output, "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(plain.stdout.utf8))
        #expect(report.entities.first { $0.name == "Entry" }?.rows == 2_000)
        let checked = try CLIRunner.run(["inspect", damage.output, "--check"])
        #expect(checked.status == 5)
        #expect(checked.stdout.isEmpty)
        #expect(checked.stderr.hasPrefix("cdmigrate: error: \(damage.output): damaged database: "), "\(checked.stderr)")
        let healthy = try CLIRunner.run(["inspect", try JournalFixture.journal4(entries: 20), "--check"])
        #expect(healthy.status == 0, "\(healthy.stderr)")
    }
}
