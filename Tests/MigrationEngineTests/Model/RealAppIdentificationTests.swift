import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Real app stores (wire, moody, cars) identified with and without their model", Corpus.required)
struct RealAppIdentificationTests {
    @Test(
        "The cached model's hash of every entity, sub-entities included, is the store's; so is the digest",
        arguments: RealAppStoreCase.all)
    func cachedModelHashes(_ testCase: RealAppStoreCase) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        let cached = try #require(try contents.cachedModel())
        let hashes = VersionHasher(model: cached).entityHashes
        #expect(hashes.count == contents.metadata.versionHashes.count)
        for (entity, stored) in contents.metadata.versionHashes.sorted(by: { $0.key < $1.key }) {
            #expect(hashes[entity] == stored, "\(entity) in \(testCase.store)")
        }
        if let digest = contents.metadata.hashesDigest { #expect(VersionHasher(model: cached).digest == digest) }
        // Without --model the cached model is the only version, and the store is at it.
        let alone = ModelBundle(path: "cache", versions: [cached], currentVersionName: cached.name)
        #expect(CompatibilityCheck.check(alone, metadata: contents.metadata).compatibleVersion == cached.name)
    }

    @Test(
        "A sub-entity of the cached model declares only its own properties; inherited ones stay on the parent",
        arguments: RealAppStoreCase.all)
    func cachedModelProperties(_ testCase: RealAppStoreCase) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        let cached = try #require(try contents.cachedModel())
        let source = try #require(try testCase.bundle().version(named: testCase.version))
        for entity in source.entities {
            let decoded = try #require(cached.entity(named: entity.name))
            #expect(decoded.parentName == entity.parentName)
            #expect(Set(decoded.attributes.map(\.name)) == Set(entity.attributes.map(\.name)), "\(entity.name)")
            #expect(Set(decoded.relationships.map(\.name)) == Set(entity.relationships.map(\.name)), "\(entity.name)")
        }
    }

    @Test("With the model: the store is at its README version, every entity hash equal", arguments: RealAppStoreCase.all)
    func identifiedWithModel(_ testCase: RealAppStoreCase) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        let bundle = try testCase.bundle()
        let report = CompatibilityCheck.check(bundle, metadata: contents.metadata)
        #expect(testCase.versions.contains(report.compatibleVersion ?? "none"))
        let compatible = Set(report.versions.filter(\.isCompatible).map(\.version))
        #expect(compatible == testCase.versions)
        let version = try #require(bundle.version(named: testCase.version))
        #expect(VersionHasher(model: version).entityHashes == contents.metadata.versionHashes)
    }

    @Test("verify: the store is a valid store of its own version", arguments: RealAppStoreCase.all)
    func verifiesAtItsVersion(_ testCase: RealAppStoreCase) throws {
        let version = try #require(try testCase.bundle().version(named: testCase.version))
        let store = try Corpus.copyStore(testCase.store)
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        try StoreValidator(model: version).validate(snapshot.path)
    }
}
