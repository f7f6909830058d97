import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, item 9: a model with an 800-level inheritance chain took 10–12 s to hash (every ancestor found
/// by a scan of the model); 3,000 levels never finished. Entities are found by name in one look-up, each
/// property's digest is computed once, and a chain deeper than ``InheritanceCheck/maximumDepth`` is refused
/// by every model reader with one error.
@Suite("Deep inheritance")
struct DeepInheritanceTests {
    /// `E0 ← E1 ← … ← E(depth)`, each entity with one attribute of its own.
    static func chain(_ depth: Int) -> ObjectModel {
        ObjectModel(
            name: "Deep",
            entities: (0...depth).map { level in
                Entity(
                    name: "E\(level)", parentName: level == 0 ? nil : "E\(level - 1)",
                    attributes: [Attribute(name: "a\(level)", type: .string)])
            })
    }

    /// The chain as model source XML.
    static func source(_ depth: Int) -> Data {
        let entities = (0...depth).map { level in
            let parent = level == 0 ? "" : #" parentEntity="E\#(level - 1)""#
            return #"<entity name="E\#(level)"\#(parent)><attribute name="a\#(level)" attributeType="String"/></entity>"#
        }
        return Data(
            (#"<?xml version="1.0" encoding="UTF-8"?><model type="com.apple.IDECoreDataModeler.DataModel">"#
                + entities.joined() + "</model>").utf8)
    }

    @Test("A chain at the deepest accepted level is read and hashed quickly")
    func deepestAcceptedChainIsQuick() throws {
        let started = ContinuousClock.now
        let model = try ModelSourceReader.read(Self.source(InheritanceCheck.maximumDepth), name: "Deep", path: "Deep.xcdatamodel")
        let hashes = VersionHasher(model: model).entityHashes
        let elapsed = ContinuousClock.now - started
        #expect(hashes.count == InheritanceCheck.maximumDepth + 1)
        // Each ancestor is one look-up by name, and each inherited property's digest is computed once.
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }

    @Test("The deepest chain accepted is read; one level more is refused by the source and archive readers")
    func absurdDepthRefused() throws {
        let limit = InheritanceCheck.maximumDepth
        let accepted = try ModelSourceReader.read(Self.source(limit), name: "Deep", path: "Deep.xcdatamodel")
        #expect(accepted.ancestors(of: try #require(accepted.entity(named: "E\(limit)"))).count == limit)

        let error = #expect(throws: ModelError.self) {
            try ModelSourceReader.read(Self.source(limit + 1), name: "Deep", path: "Deep.xcdatamodel")
        }
        #expect(error?.code == .invalidModel)
        #expect(error?.description.contains("more than \(limit) levels of inheritance") == true, "\(String(describing: error))")

        let archived = ModelArchiveEncoder.encode(Self.chain(limit + 1))
        let refused = #expect(throws: ModelError.self) {
            try ModelArchiveDecoder.decode(archived, name: "Deep", path: "Deep.mom")
        }
        #expect(refused?.code == .undecodableArchive)
        #expect(refused?.description.contains("more than \(limit) levels") == true)
    }

    @Test("Cycles are still refused, and a parent the model lacks still ends a chain")
    func cyclesAndMissingParents() {
        let cycle = [Entity(name: "A", parentName: "B"), Entity(name: "B", parentName: "A")]
        #expect(InheritanceCheck.problem(in: cycle)?.message == "entity A inherits from itself")
        #expect(InheritanceCheck.problem(in: [Entity(name: "A", parentName: "Missing")]) == nil)
        #expect(InheritanceCheck.problem(in: [Entity(name: "A", parentName: "A")])?.entity == "A")
    }

    @Test("Finding an entity by name follows the model's changes")
    func lookupFollowsChanges() throws {
        var model = Self.chain(3)
        model.entities.append(Entity(name: "Late"))
        model.entities[0].name = "Renamed"
        #expect(model.entity(named: "Late") != nil)
        #expect(model.entity(named: "Renamed") != nil)
        #expect(model.entity(named: "E0") == nil)
        let decoded = try JSONDecoder().decode(ObjectModel.self, from: try JSONEncoder().encode(model))
        #expect(decoded == model && decoded.entity(named: "Late") != nil)
    }
}
