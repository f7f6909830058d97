import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Identification and `verify` of every corpus store: `CorpusConformanceTests`.
@Suite("Real app stores (wire, moody, cars): the cached model declares what the source does", Corpus.required)
struct RealAppIdentificationTests {
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
}
