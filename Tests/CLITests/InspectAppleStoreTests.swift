import Foundation
import MigrationEngine
import TestSupport
import Testing

/// `inspect` on Apple's own stores: what only a store Core Data wrote shows (its cached model, Apple's
/// framework version). The same command on the project's stores is in ``InspectCommandTests``.
@Suite(
    "cdmigrate inspect on Apple's stores", Corpus.required,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct InspectAppleStoreTests {
    @Test("--json on the WAL store: the documented shape, 84 posts, the cached model compatible")
    func jsonShape() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let before = try FolderFingerprint(folderOf: store)
        let result = try CLIRunner.run(["inspect", store, "--json"])
        #expect(try FolderFingerprint(folderOf: store) == before, "inspect wrote nothing beside the store")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try CLIRunner.jsonKeys(result.stdout).isSubset(of: InspectCommandTests.documentedKeys))
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
}
