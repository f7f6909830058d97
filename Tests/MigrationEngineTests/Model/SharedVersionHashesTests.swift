import Foundation
import MigrationEngine
import TestSupport
import Testing

/// A bundle hashes each version once and shares the hashes with every check that needs them (the store's
/// version, mapping matches): what it shares must be exactly what hashing the version afresh gives.
@Suite("Shared version hashes")
struct SharedVersionHashesTests {
    @Test("The shared hashes of every version equal freshly computed ones, asked once or twice")
    func sharedEqualFresh() throws {
        let bundle = try JournalFixture.bundle()
        for (index, version) in bundle.versions.enumerated() {
            let fresh = VersionHasher(model: version).entityHashes
            #expect(bundle.entityHashes(ofVersionAt: index) == fresh, "\(version.name)")
            #expect(bundle.entityHashes(ofVersionAt: index) == fresh, "\(version.name), asked again")
            #expect(bundle.entityHashes(ofVersion: version.name) == fresh, "\(version.name), by name")
        }
        #expect(bundle.entityHashes(ofVersion: "Journal 9") == nil)
    }

    @Test("Every corpus model's shared hashes equal freshly computed ones", Corpus.required)
    func corpusModels() throws {
        let models = try FileManager.default.subpathsOfDirectory(atPath: Corpus.root.path)
            .filter { $0.hasSuffix(".xcdatamodeld") }
        #expect(!models.isEmpty)
        for model in models {
            let bundle = try ModelLoader.load(path: Corpus.path(model))
            for (index, version) in bundle.versions.enumerated() {
                #expect(bundle.entityHashes(ofVersionAt: index) == VersionHasher(model: version).entityHashes, "\(model)")
            }
        }
    }

    @Test("Changing a bundle's versions forgets the hashes of the old ones; a copy made before keeps its own")
    func changedVersionsAreHashedAgain() throws {
        var bundle = try JournalFixture.bundle()
        let first = bundle.entityHashes(ofVersionAt: 0)
        let copy = bundle
        bundle.versions[0] = bundle.versions[4]
        #expect(bundle.entityHashes(ofVersionAt: 0) == VersionHasher(model: bundle.versions[4]).entityHashes)
        #expect(bundle.entityHashes(ofVersionAt: 0) != first)
        #expect(copy.entityHashes(ofVersionAt: 0) == first)
        #expect(bundle != copy, "equality compares the versions, not what was hashed")
        bundle.versions[0] = copy.versions[0]
        #expect(bundle == copy && bundle.hashValue == copy.hashValue)
    }

    @Test("The store's version is found with the shared hashes as with fresh ones")
    func compatibilityWithSharedHashes() throws {
        let bundle = try JournalFixture.bundle()
        for number in 1...3 {
            let store = try JournalFixture.store(version: number, entries: 3)
            let metadata = try StoreReader.read(path: store).metadata
            // Hashed once by the first check, then shared by the second.
            let reports = [
                CompatibilityCheck.check(bundle, metadata: metadata), CompatibilityCheck.check(bundle, metadata: metadata),
            ]
            for report in reports {
                #expect(report.compatibleVersion == "Journal \(number)")
                let fresh = bundle.versions.map { CompatibilityCheck.compare($0, storeHashes: metadata.versionHashes) }
                #expect(report.versions == fresh)
            }
        }
    }

    @Test("Properties of one name that differ in anything hashed are never taken for one another across versions")
    func sameNamesDifferentProperties() {
        let attributes = [
            Attribute(name: "a", type: .string), Attribute(name: "a", type: .string, isOptional: false),
            Attribute(name: "a", type: .integer32), Attribute(name: "a", type: .string, versionHashModifier: "m"),
            Attribute(name: "a", type: .binary, allowsExternalBinaryDataStorage: true),
            Attribute(name: "a", type: .binary), Attribute(name: "a", type: .string),
        ]
        let relationships = [
            Relationship(name: "r", destinationEntity: "Item", isToMany: true, maxCount: 0),
            Relationship(name: "r", destinationEntity: "Item", isToMany: true, isOrdered: true, maxCount: 0),
            Relationship(name: "r", destinationEntity: "Item", isToMany: true, isOrdered: true, maxCount: 0),
        ]
        var versions: [ObjectModel] = []
        for (index, attribute) in attributes.enumerated() {
            versions.append(ObjectModel(name: "A\(index)", entities: [Entity(name: "Item", attributes: [attribute])]))
        }
        for (index, relationship) in relationships.enumerated() {
            versions.append(ObjectModel(name: "R\(index)", entities: [Entity(name: "Item", relationships: [relationship])]))
        }
        let bundle = ModelBundle(path: "/m.xcdatamodeld", versions: versions, currentVersionName: nil)
        let shared = bundle.versions.indices.map { bundle.entityHashes(ofVersionAt: $0) }
        #expect(shared == bundle.versions.map { VersionHasher(model: $0).entityHashes })
        #expect(Set(shared[0..<6]).count == 6, "six different attributes, six different hashes")
        #expect(shared[6] == shared[0] && shared[9] == shared[8] && shared[8] != shared[7])
    }
}
