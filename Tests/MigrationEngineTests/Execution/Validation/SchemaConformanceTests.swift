import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Every Apple-written store in the corpus against the store cdmigrate creates for the same model version.
@Suite("Schema conformance with Apple's stores", Corpus.required)
struct SchemaConformanceTests {
    static let stores: [(store: String, model: String)] = [
        ("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite", "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite", "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite", "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite", "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-sections/stores/CoreDataMigration_Example_1.sqlite", "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-sections/stores/CoreDataMigration_Example_2.sqlite", "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"),
        ("wibosco-sections/stores/CoreDataMigration_Example_3.sqlite", "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"),
        ("rename-chain/stores/Example_v1.0.0.sqlite", "rename-chain/Model.xcdatamodeld"),
        ("rename-chain/stores/Example_v1.1.0.sqlite", "rename-chain/Model.xcdatamodeld"),
        ("rename-chain/stores/Example_v1.1.2.sqlite", "rename-chain/Model.xcdatamodeld"),
        ("rename-chain/stores/Example_v1.2.0.sqlite", "rename-chain/Model.xcdatamodeld"),
        ("rename-chain/stores/Example_v2.0.0.sqlite", "rename-chain/Model.xcdatamodeld"),
    ]

    /// The model version whose hashes equal the store's.
    static func version(of store: StoreDump, in modelPath: String) throws -> ObjectModel? {
        let hashes = try store.metadata().plist["NSStoreModelVersionHashes"] as? [String: Data]
        return try ModelLoader.load(path: Corpus.path(modelPath)).versions.first {
            VersionHasher(model: $0).entityHashes == hashes
        }
    }

    @Test("Created schema equals Apple's", arguments: stores.map(\.store))
    func schemaMatches(_ storePath: String) throws {
        let model = try #require(Self.stores.first { $0.store == storePath }?.model)
        let apple = try StoreDump(Corpus.copyStore(storePath))
        let version = try #require(try Self.version(of: apple, in: model), "no model version hashes like \(storePath)")
        let created = try TemporaryDirectory.make().appendingPathComponent("created.sqlite").path
        try StoreWriter(model: version).create(at: created)
        let ours = try StoreDump(created)
        #expect(try ours.schema() == apple.schema())
        #expect(try ours.primaryKeys(includeMax: false) == apple.primaryKeys(includeMax: false))
        #expect(try ours.integer("PRAGMA auto_vacuum") == 2)
    }

    @Test("Metadata has Apple's keys and types")
    func metadataTypes() throws {
        let apple = try StoreDump(Corpus.copyStore("rename-chain/stores/Example_v1.0.0.sqlite"))
        let version = try #require(try Self.version(of: apple, in: "rename-chain/Model.xcdatamodeld"))
        let appleMetadata = try apple.metadata()
        let created = try TemporaryDirectory.make().appendingPathComponent("created.sqlite").path
        let appleMetadata2 = try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }
        try StoreWriter(model: version).create(at: created, options: .init(sourceMetadata: appleMetadata2))
        let ours = try StoreDump(created).metadata()
        #expect(Set(ours.plist.keys) == Set(appleMetadata.plist.keys))
        #expect(
            ours.plist["NSStoreModelVersionHashes"] as? [String: Data]
                == appleMetadata.plist["NSStoreModelVersionHashes"] as? [String: Data])
        #expect(
            ours.plist["NSStoreModelVersionHashesDigest"] as? String
                == appleMetadata.plist["NSStoreModelVersionHashesDigest"] as? String)
        #expect(ours.plist["NSPersistenceFrameworkVersion"] as? Int == 1048)
        #expect(ours.plist["NSStoreModelVersionHashesVersion"] as? Int == 3)
        #expect(ours.plist["_NSAutoVacuumLevel"] as? String == "2")
        #expect(ours.plist["NSStoreModelVersionIdentifiers"] as? [String] == [""])
        #expect(ours.uuid.count == 36 && ours.uuid == ours.uuid.uppercased())
        // Exact binary plist types, as Apple writes them (a real or Boolean would also cast to Int above).
        let typed = try StoreDump(created).queue.read { db in try StoreMetadata.read(db, path: created) }
        let appleTyped = try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }
        #expect(typed.plist.mapValues(\.typeName) == appleTyped.plist.mapValues(\.typeName))
        #expect(typed.plist["NSPersistenceFrameworkVersion"] == .integer(1048))
        #expect(typed.plist["NSStoreModelVersionHashesVersion"] == .integer(3))
        #expect(typed.versionHashes == appleTyped.versionHashes)
    }
}
