import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Stores cdmigrate writes carry their model: store-only inspect identifies them", .enabled(if: CLIRunner.isAvailable))
struct ModelCacheCommandTests {
    @Test("migrate, then inspect without --model: the cache is the destination version, every entity matched")
    func inspectAfterMigrate() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        // Only the migration may have written the cache the inspection reads.
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DELETE FROM "Z_MODELCACHE""#) }
        let migrated = try CLIRunner.run(["migrate", store, "--model", RenameChainFixture.modelPath, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")

        let inspected = try CLIRunner.run(["inspect", store, "--json"])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        let report = try inspected.decoded(StoreReport.self)
        #expect(report.hasModelCache)
        #expect(report.modelSource == .storeCache)
        #expect(report.compatibility?.compatibleVersion == ModelCacheDecoder.versionName)
        #expect(!report.entities.isEmpty)
        #expect(report.entities.allSatisfy { $0.matchesModel == true })

        let cached = try #require(try StoreReader.read(path: store).cachedModel())
        let target = try #require(try RenameChainFixture.bundle().version(named: "v2.0.0"))
        #expect(VersionHasher(model: cached).entityHashes == VersionHasher(model: target).entityHashes)
        #expect(cached.entity(named: "BasicEntity")?.attributes.map(\.name) == ["v2_0_0_name"])

        let text = try CLIRunner.run(["inspect", store])
        #expect(text.status == 0)
        #expect(text.stdout.contains("compatible version: ✓ \(ModelCacheDecoder.versionName)"), "\(text.stdout)")
    }

    @Test("The sample app's generated stores carry their version's model too")
    func generatedStore() throws {
        let store = try CLIRunner.sampleStore(version: 1, entries: 3)
        let report = try CLIRunner.run(["inspect", store, "--json"]).decoded(StoreReport.self)
        #expect(report.modelSource == .storeCache)
        #expect(report.compatibility?.compatibleVersion == ModelCacheDecoder.versionName)
    }
}
