import Foundation
import MigrationEngine
import Testing
import TestSupport

@Suite("Version hashes")
struct VersionHasherTests {
    @Test("Relationship hash ignores the delete rule")
    func deleteRuleIsNotHashed() {
        var relationship = Relationship(name: "post", destinationEntity: "Post", inverseName: "color")
        let before = VersionHasher.hash(of: relationship)
        relationship.deleteRule = .cascade
        #expect(VersionHasher.hash(of: relationship) == before)
        relationship.isOptional = false
        #expect(VersionHasher.hash(of: relationship) != before)
    }

    @Test("Attribute hash reflects type, flags and modifier", arguments: [
        Attribute(name: "a", type: .integer32),
        Attribute(name: "a", type: .string, isOptional: false),
        Attribute(name: "a", type: .string, versionHashModifier: "m"),
        Attribute(name: "a", type: .binary, allowsExternalBinaryDataStorage: true),
    ])
    func attributeHashChanges(_ attribute: Attribute) {
        #expect(VersionHasher.hash(of: attribute) != VersionHasher.hash(of: Attribute(name: "a", type: .string)))
    }

    @Test("rename-chain v1.0.0 hashes to the store's hash", Corpus.required)
    func renameChainFirstVersion() throws {
        let bundle = try ModelLoader.load(path: Corpus.path("rename-chain/Model.xcdatamodeld"))
        let version = try #require(bundle.version(named: "v1.0.0"))
        let hash = VersionHasher(model: version).entityHashes["BasicEntity"]?.base64EncodedString()
        #expect(hash == "sm18bCK1M9WnAVtqd1RcG7Ke57yR2xrq2MANgN9iySw=")
    }
}
