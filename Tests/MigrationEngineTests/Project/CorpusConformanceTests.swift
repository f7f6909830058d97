import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Every store of the corpus (``CorpusStore/all``, which the first test holds to what is on disk) through
/// the conformance checks a user's first commands make, each through the facade as the front ends call it:
/// identified with its model (exactly its versions, or none), identified without one (through its own
/// `Z_MODELCACHE`, or the model found beside it where it has no cache), and `verify` passing at its own
/// version (through its cached model where it is at no version). Each store is a case of its own, so a
/// failure names the store.
@Suite("Every corpus store: identified with and without its model, verified at its own version", Corpus.required)
struct CorpusConformanceTests {
    @Test("The table lists every store on disk, wire's from its expected versions, and only those")
    func everyStoreIsListed() throws {
        let onDisk = CorpusStore.storesOnDisk
        let listed = CorpusStore.all.map(\.store)
        #expect(Set(onDisk).subtracting(listed).isEmpty, "on disk, not in CorpusStore.all")
        #expect(Set(listed).subtracting(onDisk).isEmpty, "in CorpusStore.all, not on disk")
        #expect(listed.count == Set(listed).count)
        #expect(onDisk.count >= 112)
        #expect(CorpusStore.all.filter { $0.store.hasPrefix("wire/") }.count == 82)
        // The README's stores at no version of their model source, and those with no model source at all.
        #expect(
            CorpusStore.all.filter { $0.model != nil && $0.versions.isEmpty }.map(\.store) == [
                "recipes/stores/Recipes.sqlite", "wire/stores/store1-24.wiredatabase", "wire/stores/store2-65-0.wiredatabase",
            ])
        #expect(
            CorpusStore.all.filter { $0.model == nil }.map(\.store) == [
                "coredataplus-books/stores/SampleModel2_V1.sqlite", "coredataplus-books/stores/SampleModel2_V2.sqlite",
                "swiftdata-resources/stores/default.store",
            ])
        for entry in CorpusStore.all {
            guard let model = entry.model else { continue }
            let bundle = try CorpusStore.bundle(model)
            for version in entry.versions { #expect(bundle.version(named: version) != nil, "\(entry.store): no \(version)") }
        }
    }

    @Test("With its model: exactly its versions have the store's hashes, digest and checksum", arguments: withModel)
    func identifiedWithModel(_ entry: CorpusStore) throws {
        let model = try #require(entry.model)
        let bundle = try CorpusStore.bundle(model)
        let copy = try Corpus.copyStore(entry.store)
        let report = try MigrationProject(bundle: bundle).inspect(store: copy)
        let compatibility = try #require(report.compatibility)
        #expect(compatibility.comparesHashes)
        #expect(Set(compatibility.versions.filter(\.isCompatible).map(\.version)) == Set(entry.versions))
        if entry.versions.isEmpty {
            #expect(compatibility.compatibleVersion == nil)
        } else {
            #expect(entry.versions.contains(compatibility.compatibleVersion ?? "none"))
        }
        let metadata = try StoreReader.read(path: copy).metadata
        for name in entry.versions {
            let hasher = VersionHasher(model: try #require(bundle.version(named: name)))
            #expect(hasher.entityHashes == metadata.versionHashes, "\(name)")
            if let digest = metadata.hashesDigest { #expect(hasher.digest == digest, "\(name)") }
            if let checksum = metadata.checksum { #expect(hasher.checksum == checksum, "\(name)") }
        }
    }

    @Test(
        "Without a model: its own cache has every hash of the store, or the model beside it is found and fits",
        arguments: CorpusStore.all)
    func identifiedWithoutModel(_ entry: CorpusStore) throws {
        let located = ModelLocator.locate(store: Corpus.path(entry.store))
        #expect(located.model == entry.model.map { URL(fileURLWithPath: Corpus.path($0)).standardizedFileURL.path })
        let copy = try Corpus.copyStore(entry.store)
        let contents = try StoreReader.read(path: copy)
        guard let cached = try contents.cachedModel() else {
            // No cache (mhw-books, surfjournal): the model beside the store is what a command without one uses.
            #expect(!entry.readsThroughCache, "\(entry.store) has neither a cache nor a version of a model source")
            let found = try #require(located.model)
            let report = try MigrationProject(modelPath: found, settings: PlanningSettings()).inspect(store: copy)
            #expect(entry.versions.contains(report.compatibility?.compatibleVersion ?? "none"))
            return
        }
        let hasher = VersionHasher(model: cached)
        #expect(hasher.entityHashes.count == contents.metadata.versionHashes.count)
        for (entity, stored) in contents.metadata.versionHashes.sorted(by: { $0.key < $1.key }) {
            #expect(hasher.entityHashes[entity] == stored, "\(entity)")
        }
        if let digest = contents.metadata.hashesDigest { #expect(hasher.digest == digest) }
        let report = try MigrationProject(bundle: nil).inspect(store: copy)
        #expect(report.modelSource == .storeCache)
        #expect(report.compatibility?.compatibleVersion == cached.name)
    }

    @Test("verify: valid at each of its versions, or through its cached model at none", arguments: CorpusStore.all)
    func verified(_ entry: CorpusStore) throws {
        let copy = try Corpus.copyStore(entry.store)
        let project = try MigrationProject(bundle: try entry.model.map(CorpusStore.bundle))
        let checks: [String?] = entry.versions.isEmpty ? [nil] : entry.versions
        for version in checks {
            let checker = version == nil ? try MigrationProject(bundle: nil) : project
            guard let refusal = entry.refusal else {
                let result = try checker.verify(store: copy, version: version)
                #expect(result.valid)
                if let version { #expect(result.version == version) }
                continue
            }
            let error = try #require(throws: ExecutionError.self) { try checker.verify(store: copy, version: version) }
            #expect(error.message.contains(refusal.message), "\(error.message)")
        }
    }

    /// The stores with a model source: at their versions, or (recipes, store1-24, store2-65-0) at none.
    static let withModel = CorpusStore.all.filter { $0.model != nil }
}
