import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate inspect", Corpus.required)
struct InspectCommandTests {
    static let documentedKeys: Set<String> = [
        "path", "files", "journalMode", "autoVacuum", "uuid", "frameworkVersion", "hashesVersion",
        "versionIdentifiers", "hashesDigest", "checksum", "metadata", "metadataTypes", "unknownMetadataKeys",
        "entities", "joinTables", "historyTables", "otherTables", "hasModelCache", "modelSource", "modelVersions",
        "compatibility",
    ]

    @Test("--json on the WAL store: the documented shape, 84 posts, the cached model compatible")
    func jsonShape() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let before = try FolderFingerprint(folderOf: store)
        let result = try CLIRunner.run(["inspect", store, "--json"])
        #expect(try FolderFingerprint(folderOf: store) == before, "inspect wrote nothing beside the store")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try CLIRunner.jsonKeys(result.stdout).isSubset(of: Self.documentedKeys))
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(result.stdout.utf8))
        #expect(report.entities.map(\.rows) == [84, 84])
        #expect(report.entities.allSatisfy { $0.matchesModel == true })
        #expect(report.journalMode == .wal)
        #expect(report.files.map(\.role) == [.database, .wal])
        #expect(report.modelSource == .storeCache)
        #expect(report.compatibility?.compatibleVersion == "store model cache")
        #expect(report.metadataTypes["NSStoreModelVersionHashes"] == "dictionary")
        #expect(report.metadata["NSPersistenceFrameworkVersion"] == .integer(847))
    }

    @Test("Text report with --model names the compatible version and marks entities ✓")
    func textWithModel() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let result = try CLIRunner.run([
            "inspect", store, "--model", Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("compatible version: ✓ CoreDataMigration_Example 3"))
        #expect(result.stdout.contains("✓ CoreDataMigration_Example 3 (2/2), ✗ CoreDataMigration_Example 4 (1/2)"))
        #expect(result.stdout.split(separator: "\n").filter { $0.hasSuffix("✓") }.count == 2)
        #expect(result.stdout.contains("7995"))
    }

    @Test("Without a compatible version the nearest one and its differences are shown")
    func nearest() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite")
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld/CoreDataMigration_Example 4.xcdatamodel")
        let result = try CLIRunner.run(["inspect", store, "--model", model])
        #expect(result.status == 0)
        #expect(result.stdout.contains("✗ no compatible version; nearest: CoreDataMigration_Example 4"))
        #expect(result.stdout.contains("attribute hide: in the model version, not in the store"))
        #expect(result.stdout.contains("attribute color: in the store, not in the model version"))
    }

    @Test("Bad stores: one line on stderr naming the file, a distinct exit code each")
    func badStores() throws {
        let folder = try TemporaryDirectory.make()
        let text = folder.appendingPathComponent("notes.sqlite").path
        try Data("just text, not a database at all; padding padding padding padding padding padding padding padding".utf8)
            .write(to: URL(fileURLWithPath: text))
        let plain = folder.appendingPathComponent("plain.sqlite").path
        try DatabaseQueue(path: plain).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        let damaged = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite")
        try FileHandle(forWritingTo: URL(fileURLWithPath: damaged)).truncate(atOffset: 4096 * 10)
        let locked = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite")
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
        let store = try Corpus.copyStore("rename-chain/stores/Example_v1.0.0.sqlite")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: URL(fileURLWithPath: store).deletingLastPathComponent().path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: store)
        let result = try CLIRunner.runUnprivileged(["inspect", store])
        #expect(result.status == 7)
        #expect(result.stderr == "cdmigrate: error: \(store): cannot open: Permission denied\n")
    }

    @Test("A damaged model cache: damaged without --model, compared by hashes alone with it")
    func damagedModelCache() throws {
        let store = try Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_2.sqlite")
        try DatabaseQueue(path: store).write {
            try $0.execute(sql: #"UPDATE "Z_MODELCACHE" SET "Z_CONTENT" = ?"#, arguments: [Data("junk".utf8)])
        }
        let alone = try CLIRunner.run(["inspect", store])
        #expect(alone.status == 5)
        #expect(alone.stderr.hasPrefix("cdmigrate: error: \(store): model cache is unreadable: "))
        let model = Corpus.path("wibosco-sections/CoreDataMigration_Example.xcdatamodeld")
        let compared = try CLIRunner.run(["inspect", store, "--model", model, "--json"])
        #expect(compared.status == 0)
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(compared.stdout.utf8))
        #expect(report.compatibility?.compatibleVersion == "CoreDataMigration_Example 2")
        #expect(report.compatibility?.usesStoreModel == false)
    }

    @Test("A store without a model cache and no --model: facts shown, no compatibility claimed")
    func noModelAtAll() throws {
        let store = try Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_1.sqlite")
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DROP TABLE "Z_MODELCACHE""#) }
        let text = try CLIRunner.run(["inspect", store])
        #expect(text.status == 0)
        #expect(text.stdout.contains("none (the store has no model cache; pass --model)"))
        let json = try CLIRunner.run(["inspect", store, "--json"])
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(json.stdout.utf8))
        #expect(report.compatibility == nil && report.modelSource == nil && !report.hasModelCache)
        #expect(report.entities.map(\.rows) == [10])
        #expect(report.entities.first?.matchesModel == nil)
    }
}
