import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("The rename chain, planned and run with inferred steps")
struct RenameChainTests {
    @Test("v1.0.0 reaches v2.0.0 through every version, never by the lossy direct jump, and keeps its value")
    func throughEveryVersion() throws {
        let bundle = try ModelLoader.load(path: RenameChainFixture.modelPath)
        let graph = try VersionGraph(
            bundle: bundle, settings: PlanningSettings(), explicit: [], inference: InferredStepProvider())
        #expect(graph.edges.contains { $0.from == "v1.0.0" && $0.to == "v2.0.0" && $0.isLossy })
        let plan = try PathPlanner(graph: graph).plan(from: "v1.0.0", to: "v2.0.0")
        #expect(plan.description == "v1.0.0-inf-v1.1.0, v1.1.0-inf-v1.1.2, v1.1.2-inf-v1.2.0, v1.2.0-inf-v2.0.0")
        #expect(plan.warnings.isEmpty)
        let store = try RenameChainFixture.store("v1.0.0")
        try ChainExecutor().run([MigrationJob(storePath: store, plan: plan)])
        #expect(try ExecutionFixture.value(store, column: "ZV2_0_0_NAME") == "A Known Value")
        try StoreValidator(model: try #require(bundle.version(named: "v2.0.0"))).validate(store)
    }

    @Test("A single jump v1.0.0 → v2.0.0 is lossy and names the loss")
    func singleJumpIsLossy() throws {
        let bundle = try RenameChainFixture.bundle()
        let source = try #require(bundle.version(named: "v1.0.0"))
        let mapping = InferredMapping.infer(from: source, to: try #require(bundle.version(named: "v2.0.0")))
        let losses = try DataLossCounter.count(
            mapping, sourceModel: source, storePath: RenameChainFixture.store("v1.0.0"))
        #expect(losses == [DataLoss(kind: .attribute, entity: "BasicEntity", property: "v1_0_0_name", count: 1)])
        #expect(mapping.suggestedRenames == [RenameSuggestion(entity: "BasicEntity", from: "v1_0_0_name", to: "v2_0_0_name")])
    }
}
