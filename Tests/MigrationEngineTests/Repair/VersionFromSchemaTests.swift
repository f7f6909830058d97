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
