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

    @Test("With a version hash modifier on V2 no versions are identical")
    func modifierGiven() throws {
        let bundle = try ModelLoader.load(path: try IdenticalVersionsModel.write(modifier: true))
        #expect(bundle.identicalHashVersions.isEmpty)
    }
}
