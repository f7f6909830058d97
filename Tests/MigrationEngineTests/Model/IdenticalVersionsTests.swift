import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Versions Core Data cannot tell apart are found by their entity hashes: a change hashes ignore (a default
/// value) without a version hash modifier makes two versions one; the modifier separates them again.
@Suite("Versions with identical hashes")
struct IdenticalVersionsTests {
    @Test("V1 and V2 differ only in a default value: one group; V3 stands apart")
    func forgottenModifier() throws {
        let bundle = try ModelLoader.load(path: try IdenticalVersionsModel.write())
        #expect(bundle.identicalHashVersions == [["V1", "V2"]])
        #expect(bundle.version(named: "V1") != bundle.version(named: "V2"), "the versions themselves differ")
    }

    @Test("Versions of one shape are still told apart by their hashes: a changed type makes another version")
    func sameShapeOtherType() throws {
        // Every version has one entity with one attribute, so none is set apart without hashing it; V3 repeats
        // V1 and V4 repeats V2 (with a default value, which hashes ignore).
        let title = { (type: String, extra: String) in
            #"<entity name="Item" syncable="YES"><attribute name="title" optional="YES" attributeType="\#(type)"\#(extra)/></entity>"#
        }
        let path = try InlineModel.write(
            name: "Items",
            versions: [
                "V1": title("String", ""), "V2": title("Integer 32", ""), "V3": title("String", ""),
                "V4": title("Integer 32", #" defaultValueString="0""#),
            ], current: "V4")
        #expect(try ModelLoader.load(path: path).identicalHashVersions == [["V1", "V3"], ["V2", "V4"]])
    }

    @Test("A shape counts every inherited stored property as the hash does: a transient one leaves it alone")
    func inheritedShapes() throws {
        // Child inherits from Middle, which inherits from Root. V2 adds a transient attribute to Root, which no
        // hash covers: V1 and V2 are one. V3 adds a stored one, which every entity of the chain hashes.
        let model = { (rootExtra: String) in
            #"<entity name="Root" isAbstract="YES" syncable="YES"><attribute name="a" optional="YES" attributeType="String"/>"#
                + rootExtra + "</entity>"
                + #"<entity name="Middle" parentEntity="Root" syncable="YES"><attribute name="b" optional="YES" attributeType="String"/>"#
                + #"<attribute name="scratch" optional="YES" transient="YES" attributeType="String"/></entity>"#
                + #"<entity name="Child" parentEntity="Middle" syncable="YES"><attribute name="c" optional="YES" attributeType="String"/>"#
                + #"<relationship name="peer" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Root"/></entity>"#
        }
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Chain",
                versions: [
                    "V1": model(""),
                    "V2": model(#"<attribute name="cached" optional="YES" transient="YES" attributeType="String"/>"#),
                    "V3": model(#"<attribute name="added" optional="YES" attributeType="String"/>"#),
                ], current: "V3"))
        #expect(bundle.identicalHashVersions == [["V1", "V2"]])
        // Each shape is the flattened inheritance's: name, abstract flag, parent hash, 32 bytes per stored property.
        for version in bundle.versions {
            let shapes = VersionHasher.inputShape(of: version)
            for entity in version.entities {
                let stored =
                    version.allAttributes(of: entity).count { !$0.isTransient }
                    + version.allRelationships(of: entity).count { !$0.isTransient }
                let expected = entity.name.utf8.count + 1 + (entity.parentName == nil ? 0 : 32) + 32 * stored
                #expect(shapes[entity.name]?.byteCount == expected, "\(version.name).\(entity.name)")
            }
        }
        #expect(VersionHasher.inputShape(of: bundle.version(named: "V3")!)["Child"]?.byteCount == 6 + 32 + 32 * 5)
    }

    @Test("With a version hash modifier on V2 no versions are identical")
    func modifierGiven() throws {
        let bundle = try ModelLoader.load(path: try IdenticalVersionsModel.write(modifier: true))
        #expect(bundle.identicalHashVersions.isEmpty)
    }
}
