import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Our `Z_MODELCACHE` against Apple's for the same model version, object by object (``ArchiveOutline``).
///
/// The stores compared are those Core Data itself wrote by migrating (the only kind cdmigrate writes):
/// their caches drop class names and carry fetch index descriptions, unlike the caches of stores an app
/// created from its bundled model (rename-chain, the first wibosco stores, cars V1, moody), which keep
/// `NSClassNameForEntity` and leave a leaf entity's `NSSubentities` nil.
@Suite("Z_MODELCACHE fidelity: our cache is Apple's, for the stores Core Data migrated")
struct ModelCacheFidelityTests {
    struct Case: Sendable, CustomStringConvertible {
        let store: String
        let model: String
        let version: String
        var description: String { store }
    }

    static let cases: [Case] = {
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        var cases = [
            Case(
                store: "coredataplus-cars/stores/SampleModel_V2.sqlite", model: RealAppStoreCase.carsModel,
                version: "SampleModel2"),
            Case(
                store: "wibosco-colors/stores/CoreDataMigration_Example_3.sqlite",
                model: "wibosco-colors/CoreDataMigration_Example.xcdatamodeld", version: "CoreDataMigration_Example 3"),
            Case(
                store: "wibosco-sections/stores/CoreDataMigration_Example_2.sqlite", model: sections,
                version: "CoreDataMigration_Example 2"),
            Case(
                store: "wibosco-sections/stores/CoreDataMigration_Example_3.sqlite", model: sections,
                version: "CoreDataMigration_Example 3"),
        ]
        cases += RealAppStoreCase.wire.map { Case(store: $0.store, model: $0.model, version: $0.version) }
        return cases
    }()

    /// The differences allowed, each applied to both sides before comparing:
    /// - A Boolean's default is an integer (0/1) in wire's caches and a Boolean in cars': the number type is
    ///   whatever the Xcode that compiled the app's model chose; both are the same `NSNumber` to Core Data.
    ///   We write Booleans.
    /// - Core Data of framework 752 (wire 2.21.1 and 2.24.1) wrote no `NSFetchIndexDescriptions` and wrote
    ///   `NSCompoundIndexes` only when not empty, as `NSArray`s. We write what later versions write (every
    ///   newer store here); for those two stores the fetch indexes are left out of the comparison and the
    ///   compound indexes compared as lists.
    static func normalize(olderFormat: Bool) -> ArchiveOutline.Normalization {
        { fields in
            var fields = fields
            if fields["NSAttributeType"] == "800", let value = fields["NSDefaultValue"],
                let flag = ["0": "NO", "1": "YES"][value]
            {
                fields["NSDefaultValue"] = flag
            }
            if olderFormat, fields["$class"] == "NSEntityDescription" {
                fields["NSFetchIndexDescriptions"] = nil
                let lists = fields["NSCompoundIndexes"]?.replacingOccurrences(of: "NSMutableArray[", with: "NSArray[")
                fields["NSCompoundIndexes"] = lists == "NSArray[]" ? nil : lists
            }
            return fields
        }
    }

    @Test("Every object of the cache: same class, same keys, same values", Corpus.required, arguments: cases)
    func sameArchive(_ testCase: Case) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        let apple = try ArchiveOutline(ModelCacheDecoder.inflate(try #require(contents.modelCache), path: testCase.store))
        let bundle = try ModelLoader.load(path: Corpus.path(testCase.model))
        let version = try #require(bundle.version(named: testCase.version))
        let ours = try ArchiveOutline(ModelCacheDecoder.inflate(try ModelCacheEncoder.encode(version), path: "ours"))
        let frameworkVersion = contents.metadata.frameworkVersion ?? 0
        let differences = apple.differences(from: ours, normalize: Self.normalize(olderFormat: frameworkVersion < 800))
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(12).joined(separator: "\n"))")
    }

    @Test(
        "books (its model exists only in its cache): every property is Apple's but for what the model cannot hold",
        Corpus.required)
    func booksProperties() throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite"))
        let blob = try #require(contents.modelCache)
        let apple = try ArchiveOutline(ModelCacheDecoder.inflate(blob, path: "apple"))
        let model = try ModelCacheDecoder.decode(blob, path: "apple")
        let ours = try ArchiveOutline(ModelCacheDecoder.inflate(try ModelCacheEncoder.encode(model), path: "ours"))
        // What ObjectModel does not hold, so no cache of cdmigrate's can: `title`'s validation predicates and
        // warnings (and the `_P` bits saying it has them), the fetched properties' predicates, sort
        // descriptors and user info, and the Transformable `cover`'s archived default object.
        let differing = apple.differences(from: ours, normalize: Self.normalize(olderFormat: false))
            .filter { $0.hasPrefix("property ") }.map { String($0.prefix { $0 != "\n" }) }
        let unheld = [
            "Book.title", "GraphicNovel.title", "Author.feedbacks", "Author.favFeedbacks", "Book.cover", "GraphicNovel.cover",
        ]
        #expect(Set(differing) == Set(unheld.map { "property \($0)" }))
        #expect(
            VersionHasher(model: try ModelCacheDecoder.decode(try ModelCacheEncoder.encode(model), path: "ours")).entityHashes
                == contents.metadata.versionHashes)
    }

    /// Two versions of the sample model, each through the engine's writer and reader, under the same
    /// normalization as Apple's caches: the comparison the tests above rely on can fail.
    @Test("The comparison sees a difference: another version's cache does not pass for this one")
    func comparisonCanFail() throws {
        let contents = try StoreReader.read(path: try JournalFixture.store(version: 3, entries: 1))
        let stored = try ArchiveOutline(ModelCacheDecoder.inflate(try #require(contents.modelCache), path: "stored"))
        let same = try ArchiveOutline(
            ModelCacheDecoder.inflate(try ModelCacheEncoder.encode(try JournalFixture.version(3)), path: "same"))
        #expect(stored.differences(from: same, normalize: Self.normalize(olderFormat: false)).isEmpty)
        let other = try ArchiveOutline(
            ModelCacheDecoder.inflate(try ModelCacheEncoder.encode(try JournalFixture.version(2)), path: "other"))
        let differences = stored.differences(from: other, normalize: Self.normalize(olderFormat: false))
        #expect(differences.contains { $0.contains("text") }, "Journal 3 renamed body to text: \(differences)")
    }
}
