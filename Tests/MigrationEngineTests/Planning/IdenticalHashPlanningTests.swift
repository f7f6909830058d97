import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// A store whose entity hashes are the target's is not migrated, even when another version (found first) has
/// the same hashes: Core Data opens it with the target as it is (``IdenticalVersionsModel``: V1 and V2 differ
/// only in a default value, and no version hash modifier says so).
@Suite("Planning to a version with the store's own hashes")
struct IdenticalHashPlanningTests {
    /// A store written at `version` of the model; returns its path.
    private func store(_ model: String, at version: String) throws -> String {
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: version))).create(at: store)
        return store
    }

    @Test("a store at V1 planned to V2 has no step and says why; to V3 it still moves")
    func compatibleTargetHasNoStep() throws {
        let model = try IdenticalVersionsModel.write()
        let project = try MigrationProject(modelPath: model, settings: PlanningSettings())
        for version in ["V1", "V2"] {
            let store = try store(model, at: version)
            let before = try Data(contentsOf: URL(fileURLWithPath: store))
            let planning = try project.plan(store: store, target: "V2")
            #expect(planning.storeVersion == "V1", "the first version of the group, as inspect says")
            #expect(planning.targetVersion == "V2")
            #expect(planning.plan.steps.isEmpty, "\(planning.plan)")
            #expect(
                planning.plan.warnings == [
                    "the store's entity hashes are V2's as well as V1's: Core Data opens it with V2 as it is, so it is not migrated"
                ])
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
            let onward = try project.plan(store: store, target: "V3")
            #expect(onward.plan.steps.last?.to == "V3")
            #expect(!onward.plan.steps.isEmpty)
        }
    }

    @Test("with a version hash modifier V2 is another version: a store at V1 takes a step to it")
    func modifierMakesAStep() throws {
        let model = try IdenticalVersionsModel.write(modifier: true)
        let project = try MigrationProject(modelPath: model, settings: PlanningSettings())
        let planning = try project.plan(store: try store(model, at: "V1"), target: "V2")
        #expect(planning.plan.steps.map(\.description) == ["V1-inf-V2"])
        #expect(planning.plan.warnings.isEmpty)
    }
}
