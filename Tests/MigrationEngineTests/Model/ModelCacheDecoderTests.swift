import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Z_MODELCACHE decoding")
struct ModelCacheDecoderTests {
    @Test(
        "The cached model has the source model's entities, attributes and relationships", Corpus.required,
        arguments: CorpusStoreCase.all)
    func cachedModelMatchesSource(_ testCase: CorpusStoreCase) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        let cached = try #require(try contents.cachedModel())
        let source = try #require(try ModelLoader.load(path: Corpus.path(testCase.model)).version(named: testCase.version))
        #expect(cached.entities.map(\.name) == source.entitiesByName.map(\.name))
        for entity in source.entities {
            let decoded = try #require(cached.entity(named: entity.name))
            let summary = { (e: Entity) in
                e.attributes.map { "\($0.name):\($0.type.rawValue):\($0.isOptional)" }.sorted()
                    + e.relationships.map { "\($0.name)->\($0.destinationEntity)/\($0.inverseName ?? "")" }.sorted()
            }
            #expect(summary(decoded) == summary(entity))
            #expect(Set(decoded.relationships.map(\.deleteRule)) == Set(entity.relationships.map(\.deleteRule)))
        }
    }

    @Test("Fetch indexes beyond indexed attributes and NSCompoundIndexes are read (wire 2.65.0's Message)", Corpus.required)
    func fetchIndexesNamingRelationships() throws {
        // Store 2.65.0 matches no committed version: its cache is its only model, and its `ZMESSAGE` has these.
        let contents = try StoreReader.read(path: try Corpus.copyStore("wire/stores/store2-65-0.wiredatabase"))
        let message = try #require(try contents.cachedModel()?.entity(named: "Message"))
        #expect(
            Set(message.fetchIndexes.map(\.name)) == [
                "hiddenInConversation_isExpired_serverTimestamp_delivered",
                "visibleInConversation_serverTimestamp_isExpired_delivered",
            ])
        // Those that an indexed attribute or NSCompoundIndexes already stands for are not read twice.
        #expect(!message.fetchIndexes.contains { index in message.attributes.contains { $0.isIndexed && $0.name == index.name } })
    }

    @Test("A renaming identifier survives as a renaming identifier", Corpus.required)
    func renamingIdentifier() throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore("rename-chain/stores/Example_v1.1.0.sqlite"))
        let attribute = try #require(try contents.cachedModel()?.entity(named: "BasicEntity")?.attributes.first)
        #expect(attribute.name == "v1_1_0_name")
        #expect(attribute.renamingIdentifier == "v1_0_0_name")
    }

    @Test("A model cache that is not DEFLATE data throws a model error naming the store")
    func junkCache() throws {
        let error = try #require(throws: ModelError.self) { try ModelCacheDecoder.decode(Data("junk".utf8), path: "s.sqlite") }
        #expect(error.code == .undecodableArchive)
        #expect(error.description.hasPrefix("s.sqlite: "))
    }

    @Test("Model caches cut short throw a model error")
    func damagedCache() throws {
        let contents = try StoreReader.read(path: try JournalFixture.journal4(entries: 1))
        let blob = try #require(contents.modelCache)
        for cut in [0, 1, blob.count / 2, blob.count - 1] {
            #expect(throws: ModelError.self) { try ModelCacheDecoder.decode(blob.prefix(cut), path: "s.sqlite") }
        }
    }

    /// The archive is the cache the engine writes, which ``ModelCacheFidelityTests`` hold object for object
    /// to Apple's: two entities, a to-one and its to-many inverse, defaults of several types.
    @Test("Single-byte corruptions across an inflated model archive decode or throw; hashing never traps")
    func corruptedArchive() throws {
        let contents = try StoreReader.read(path: try JournalFixture.journal4(entries: 1))
        let archive = try ModelCacheDecoder.inflate(try #require(contents.modelCache), path: "s.sqlite")
        var decoded = 0
        // Every 7th byte, two values each: the whole archive is covered in a few seconds of a debug build.
        for position in stride(from: 0, to: archive.count, by: 7) {
            for replacement: UInt8 in [0x00, 0xFF] where archive[position] != replacement {
                var damaged = archive
                damaged[position] = replacement
                if let model = try? ModelArchiveDecoder.decode(damaged, name: "x", path: "s.mom") {
                    _ = VersionHasher(model: model).entityHashes
                    decoded += 1
                }
            }
        }
        #expect(decoded > 0, "some corruptions only change names or values and still decode")
    }
}
