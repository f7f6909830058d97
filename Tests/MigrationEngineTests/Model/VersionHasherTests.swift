import Foundation
import MigrationEngine
import TestSupport
import Testing

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

    @Test(
        "Attribute hash reflects type, flags and modifier",
        arguments: [
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

    /// The `coredataplus-books` model's Book (a derived `pagesCount = pages.@count`) and its sub-entity
    /// GraphicNovel as an Xcode model source; the expected hashes are the store's metadata hashes.
    static let derivedSource = Data(
        #"""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Author" representedClassName="Author" syncable="YES">
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            </entity>
            <entity name="Book" representedClassName="Book" syncable="YES">
                <attribute name="cover" attributeType="Transformable" valueTransformerName="CoverTransformer" customClassName="Cover"/>
                <attribute name="pagesCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="pages.@count" usesScalarValueType="YES"/>
                <attribute name="price" attributeType="Decimal"/>
                <attribute name="publishedAt" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="title" attributeType="String"/>
                <attribute name="uniqueID" attributeType="UUID" usesScalarValueType="NO"/>
                <relationship name="author" maxCount="1" minCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
                <relationship name="pages" toMany="YES" minCount="1" maxCount="10000" deletionRule="Cascade" destinationEntity="Page" inverseName="book" inverseEntity="Page"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="uniqueID"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="GraphicNovel" representedClassName="GraphicNovel" parentEntity="Book" syncable="YES">
                <attribute name="isBlackAndWhite" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
            </entity>
            <entity name="Page" representedClassName="Page" syncable="YES">
                <relationship name="book" maxCount="1" minCount="1" deletionRule="Nullify" destinationEntity="Book" inverseName="pages" inverseEntity="Book"/>
            </entity>
        </model>
        """#.utf8)

    @Test("A derived attribute hashes as its derivation's description alone, whatever its name, flags and type")
    func derivedAttributeHash() throws {
        let model = try ModelSourceReader.read(Self.derivedSource, name: "books", path: "books.xcdatamodel")
        let pagesCount = try #require(model.entity(named: "Book")?.attribute(named: "pagesCount"))
        #expect(pagesCount.isDerived)
        let expected = "50081597fb1d6648429c1b37f73bc6bf63299d160cd6f0d555919fd143a9296e" // SHA-256 of "count:(pages)"
        #expect(VersionHasher.hash(of: pagesCount).map { String(format: "%02x", $0) }.joined() == expected)
        var renamed = pagesCount
        renamed.name = "other"
        renamed.isOptional = false
        renamed.type = .integer32
        #expect(VersionHasher.hash(of: renamed) == VersionHasher.hash(of: pagesCount))
        var plain = pagesCount
        plain.isDerived = false
        #expect(VersionHasher.hash(of: plain) != VersionHasher.hash(of: pagesCount))

        let hashes = VersionHasher(model: model).entityHashes
        #expect(hashes["Book"]?.base64EncodedString() == Self.booksStoreHashes["Book"])
        #expect(hashes["GraphicNovel"]?.base64EncodedString() == Self.booksStoreHashes["GraphicNovel"])
    }

    /// `NSStoreModelVersionHashes` of `coredataplus-books/stores/SampleModel2_V1.sqlite` (base64).
    static let booksStoreHashes = [
        "Book": "AeTuF/GykD2wVgdBm0pxPXLfgMkLRRC4OmC5E1Mj9ec=",
        "GraphicNovel": "poY7Pr8Gve0MDZPr1BbnTvL035a2nLBwIGotOVkvMxY=",
    ]

    @Test("Book and GraphicNovel of the books store's cached model hash to its metadata hashes", Corpus.required)
    func booksStoreDerivedHashes() throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite"))
        let model = try #require(try contents.cachedModel())
        #expect(model.entity(named: "Book")?.attribute(named: "pagesCount")?.derivationExpression == "pages.@count")
        let hashes = VersionHasher(model: model).entityHashes
        for name in ["Book", "GraphicNovel"] {
            #expect(hashes[name] != nil)
            #expect(hashes[name] == contents.metadata.versionHashes[name])
            #expect(hashes[name]?.base64EncodedString() == Self.booksStoreHashes[name])
        }
        #expect(hashes == contents.metadata.versionHashes)
    }
}
