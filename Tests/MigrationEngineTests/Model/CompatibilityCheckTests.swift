import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Compatibility of stores with their models")
struct CompatibilityCheckTests {
    @Test("The compatible version found without comparing every version is the full check's")
    func compatibleVersionAlone() throws {
        let bundle = try JournalFixture.bundle()
        // A renamed copy of Journal 2 listed first: the first of two versions with the store's hashes wins.
        var twice = bundle
        var copy = try JournalFixture.version(2)
        copy.name = "Journal 2 copy"
        twice.versions.insert(copy, at: 0)
        var without = bundle
        without.versions.removeAll { $0.name == "Journal 2" }
        for version in 1...3 {
            let metadata = try StoreReader.read(path: try JournalFixture.store(version: version, entries: 2)).metadata
            for candidate in [bundle, twice, without] {
                #expect(
                    CompatibilityCheck.compatibleVersion(in: candidate, metadata: metadata)
                        == CompatibilityCheck.check(candidate, metadata: metadata).compatibleVersion)
            }
            #expect(CompatibilityCheck.compatibleVersion(in: bundle, metadata: metadata) == "Journal \(version)")
        }
        let second = try StoreReader.read(path: try JournalFixture.store(version: 2, entries: 2)).metadata
        #expect(CompatibilityCheck.compatibleVersion(in: twice, metadata: second) == "Journal 2 copy")
        #expect(CompatibilityCheck.compatibleVersion(in: without, metadata: second) == nil)
    }

    @Test("Without the compatible version, the nearest one is named with per-property differences")
    func nearestVersionWithDifferences() throws {
        let contents = try StoreReader.read(path: try JournalFixture.store(version: 2, entries: 10))
        var bundle = try JournalFixture.bundle()
        bundle.versions.removeAll { $0.name == "Journal 2" || $0.name == "Journal 3" }
        // The store's own model, as its model cache would hold it.
        let report = CompatibilityCheck.check(bundle, metadata: contents.metadata, storeModel: try JournalFixture.version(2))
        #expect(report.compatibleVersion == nil)
        #expect(report.nearestVersion == "Journal 1")
        let nearest = try #require(report.comparison(for: "Journal 1"))
        #expect(nearest.entities.map(\.status) == [.differs])
        #expect(
            nearest.entities.first?.differences == [PropertyDifference(property: "favorite", kind: "attribute", change: .extra)])
        let split = try #require(report.comparison(for: "Journal 4"))
        #expect(split.entities.first { $0.entity == "Author" }?.status == .missing)
        let entry = try #require(split.entities.first { $0.entity == "Entry" })
        #expect(
            Set(entry.differences.map { "\($0.change) \($0.property ?? "")" }) == [
                "missing text", "extra body", "extra author", "missing author",
            ])
    }

    @Test("A changed attribute type is reported as a changed facet")
    func changedFacet() throws {
        let store = ObjectModel(
            name: "store", entities: [Entity(name: "Post", attributes: [Attribute(name: "n", type: .string)])])
        let model = ObjectModel(
            name: "v2", entities: [Entity(name: "Post", attributes: [Attribute(name: "n", type: .integer32, isOptional: false)])])
        let comparison = CompatibilityCheck.compare(
            model, storeHashes: VersionHasher(model: store).entityHashes, storeModel: store)
        #expect(!comparison.isCompatible)
        #expect(comparison.entities.first?.differences.first?.details == ["type: String → Integer 32", "optional: YES → NO"])
    }

    @Test("Below hash scheme 3 only entity names are compared")
    func namesOnlyBelowSchemeThree() throws {
        let model = ObjectModel(name: "v", entities: [Entity(name: "Post", attributes: [Attribute(name: "a", type: .string)])])
        var metadata = StoreMetadata(
            uuid: "U",
            plist: [
                StoreMetadata.Key.versionHashes: .dictionary(["Post": .data(Data(repeating: 7, count: 32))]),
                StoreMetadata.Key.hashesVersion: .integer(2),
            ])
        let bundle = ModelBundle(path: "m", versions: [model], currentVersionName: "v")
        #expect(CompatibilityCheck.check(bundle, metadata: metadata).compatibleVersion == "v")
        metadata.plist[StoreMetadata.Key.hashesVersion] = .integer(3)
        #expect(CompatibilityCheck.check(bundle, metadata: metadata).compatibleVersion == nil)
    }
}
