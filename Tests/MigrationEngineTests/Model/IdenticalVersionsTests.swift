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

    @Test("With a version hash modifier on V2 no versions are identical")
    func modifierGiven() throws {
        let bundle = try ModelLoader.load(path: try IdenticalVersionsModel.write(modifier: true))
        #expect(bundle.identicalHashVersions.isEmpty)
    }
}
