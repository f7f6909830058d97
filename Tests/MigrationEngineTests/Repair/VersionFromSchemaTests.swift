import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// A store whose recorded hashes match no version is placed by its tables (issue 32 item 6): counting the
/// hashes that still match called a v3 store with one garbled hash v4, which shares its other entity's hash.
@Suite("The nearest version of a store whose hashes match none comes from its schema", Corpus.required)
struct VersionFromSchemaTests {
    static let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")

    /// A copy of the wibosco-colors v3 store whose `Post` hash in `Z_METADATA` has one byte flipped.
    static func garbledV3() throws -> String {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let v3 = try #require(try ModelLoader.load(path: model).version(named: "CoreDataMigration_Example 3"))
        let hash = try #require(VersionHasher(model: v3).entityHashes["Post"])
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            var plist = try #require(try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA"))
            let range = try #require(plist.range(of: hash), "the Post hash is stored as is in the binary plist")
            plist[range.lowerBound] ^= 0xFF
            try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [plist])
        }
        try queue.close()
        return store
    }

    @Test("A v3 store with its Post hash garbled is nearest to v3 (whose tables it has), not v4")
    func garbledHash() throws {
        let store = try Self.garbledV3()
        let report = try MigrationProject(modelPath: Self.model).inspect(store: store)
        let compatibility = try #require(report.compatibility)
        #expect(compatibility.compatibleVersion == nil)
        // v3 and v4 both still match the store's Color hash: the hashes alone cannot tell them apart.
        #expect(
            compatibility.comparison(for: "CoreDataMigration_Example 4")?.entities.filter { $0.status == .matches }.count == 1)
        #expect(compatibility.nearestVersion == "CoreDataMigration_Example 3")
    }
}

/// `repair` (issue 32 item 6): bookkeeping rewritten to the version the store's tables fit, into a new store
/// or in place through the backup and swap.
@Suite("Bookkeeping repair", Corpus.required)
struct BookkeepingRepairTests {
    @Test("A v3 store with a garbled hash, into a new store: identified by its tables, the hash rewritten, verifies")
    func intoNewStore() throws {
        let store = try VersionFromSchemaTests.garbledV3()
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let output = try TemporaryDirectory.make().appendingPathComponent("Repaired.sqlite").path
        let project = try MigrationProject(modelPath: VersionFromSchemaTests.model)
        let report = try project.repair(store: store, to: output)
        #expect(report.version == "CoreDataMigration_Example 3")
        #expect(report.evidence == .tableLayout)
        #expect(report.repairs.changes.map(\.property) == ["NSStoreModelVersionHashes.Post"])
        #expect(report.repairs.changes.first?.action == .rewritten)
        #expect(try project.verify(store: output).version == "CoreDataMigration_Example 3")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(throws: PlanningError.self) { try project.verify(store: store) }
    }

    @Test("In place: backed up, swapped, recorded with its changes; the store then verifies")
    func inPlace() throws {
        let store = try VersionFromSchemaTests.garbledV3()
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let project = try MigrationProject(modelPath: VersionFromSchemaTests.model)
        let report = try project.repair(store: store)
        let record = try #require(report.record)
        #expect(record.backup != nil && record.result == .succeeded)
        #expect(try RunHistory(root: ExecutionOptions().backupRoot(for: store)).records().last?.repairs == report.repairs)
        #expect(try project.verify(store: store).version == "CoreDataMigration_Example 3")
        try project.restore(store: store)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("Z_MAX below the largest key, hashes right: identified by its metadata, Z_MAX raised; a dry run changes nothing")
    func lowMax() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 7000 WHERE Z_NAME = 'Post'") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let project = try MigrationProject(modelPath: VersionFromSchemaTests.model)
        let dry = try project.repair(store: store, options: ExecutionOptions(dryRun: true))
        #expect(dry.evidence == .metadata)
        #expect(dry.repairs.changes.map(\.text) == ["Post 7995 Z_MAX: Z_PRIMARYKEY.Z_MAX is below the largest Z_PK: 7000 → 7995"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        _ = try project.repair(store: store)
        #expect(try project.verify(store: store).version == "CoreDataMigration_Example 3")
    }
}
