import Foundation
import MigrationEngine
import TestSupport
import Testing

/// There are no compiled models in the corpus. A `.mom` is a keyed archive of `NSManagedObjectModel`, the
/// very archive Core Data deflates into `Z_MODELCACHE` (FORMAT.md §4–5), so each corpus store's inflated
/// cache is a real `.mom` of its version. `VersionInfo.plist` is written with the store's own hashes.
@Suite("Compiled models (.momd, .mom)")
struct CompiledModelReaderTests {
    static let stores = [
        "CoreDataMigration_Example": "wibosco-colors/stores/CoreDataMigration_Example_1.sqlite",
        "CoreDataMigration_Example 2": "wibosco-colors/stores/CoreDataMigration_Example_2.sqlite",
        "CoreDataMigration_Example 3": "wibosco-colors/stores/CoreDataMigration_Example_3.sqlite",
        "CoreDataMigration_Example 4": "wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite",
    ]

    /// Builds `Colors.momd` from the four wibosco-colors stores; returns it and each version's store hashes.
    static func makeMomd() throws -> (URL, [String: [String: Data]]) {
        let momd = try TemporaryDirectory.make().appendingPathComponent("Colors.momd")
        try FileManager.default.createDirectory(at: momd, withIntermediateDirectories: true)
        var hashes: [String: [String: Data]] = [:]
        for (version, store) in stores {
            let contents = try StoreReader.read(path: try Corpus.copyStore(store))
            let mom = try ModelCacheDecoder.inflate(try #require(contents.modelCache), path: store)
            try mom.write(to: momd.appendingPathComponent(version + ".mom"))
            hashes[version] = contents.metadata.versionHashes
        }
        let info: [String: Any] = [
            "NSManagedObjectModel_CurrentVersionName": "CoreDataMigration_Example 4",
            "NSManagedObjectModel_VersionHashes": hashes,
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: momd.appendingPathComponent("VersionInfo.plist"))
        return (momd, hashes)
    }

    @Test("A .momd loads every version, hashing as the stores and VersionInfo.plist say", Corpus.required)
    func momd() throws {
        let (momd, hashes) = try Self.makeMomd()
        let bundle = try ModelLoader.load(path: momd.path)
        #expect(bundle.versions.map(\.name).sorted() == Self.stores.keys.sorted())
        #expect(bundle.currentVersionName == "CoreDataMigration_Example 4")
        #expect(try CompiledModelReader.recordedHashes(momd) == hashes)
        for version in bundle.versions {
            #expect(VersionHasher(model: version).entityHashes == hashes[version.name], "\(version.name)")
        }
        let source = try ModelLoader.load(path: Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"))
        for version in source.versions {
            #expect(
                VersionHasher(model: version).digest
                    == VersionHasher(model: try #require(bundle.version(named: version.name))).digest)
        }
    }

    @Test("A bare .mom is a one-version model", Corpus.required)
    func mom() throws {
        let (momd, hashes) = try Self.makeMomd()
        let bundle = try ModelLoader.load(path: momd.appendingPathComponent("CoreDataMigration_Example 3.mom").path)
        #expect(bundle.currentVersion?.name == "CoreDataMigration_Example 3")
        #expect(VersionHasher(model: try #require(bundle.currentVersion)).entityHashes == hashes["CoreDataMigration_Example 3"])
    }

    @Test("Broken compiled models name the file")
    func broken() throws {
        let momd = try TemporaryDirectory.make().appendingPathComponent("Broken.momd")
        try FileManager.default.createDirectory(at: momd, withIntermediateDirectories: true)
        let mom = momd.appendingPathComponent("Broken.mom")
        try Data("not an archive".utf8).write(to: mom)
        let info: [String: Any] = [
            "NSManagedObjectModel_CurrentVersionName": "Broken", "NSManagedObjectModel_VersionHashes": ["Broken": [:]],
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: momd.appendingPathComponent("VersionInfo.plist"))
        let error = try #require(throws: ModelError.self) { try ModelLoader.load(path: momd.path) }
        #expect(error.code == .undecodableArchive)
        #expect(error.path == mom.path)
        let empty = try TemporaryDirectory.make().appendingPathComponent("Empty.momd")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: ModelError.self) { try ModelLoader.load(path: empty.path) }
        let plain = momd.appendingPathComponent("Plain.mom")
        try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0).write(to: plain)
        #expect(throws: ModelError.self) { try ModelLoader.load(path: plain.path) }
    }
}
