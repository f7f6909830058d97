import MigrationEngine
import Testing

/// Planning asks inference only about the pairs of versions the order allows, only when the search reaches
/// them, and each pair once: judging a pair diffs two whole models.
@Suite("Planning infers lazily")
struct LazyInferenceTests {
    @Test("50 versions: building the graph judges nothing, the chain one pair, the whole graph every allowed pair once")
    func fiftyVersions() throws {
        let inference = CountingInference()
        let graph = try VersionGraph(
            bundle: PlanningFixture.bundle(50), settings: PlanningSettings(), explicit: [], inference: inference)
        #expect(inference.pairs.isEmpty)
        let planner = PathPlanner(graph: graph)
        #expect(try planner.plan(from: "V1", to: "V50").description == "V1-inf-V50")
        #expect(inference.pairs == [VersionPair(from: "V1", to: "V50")])
        #expect(try planner.plan(from: "V1", to: "V50").description == "V1-inf-V50")
        #expect(inference.pairs.count == 1, "a pair is judged once per graph")
        #expect(graph.edges.count == 50 * 49 / 2)
        #expect(graph.uninferable.isEmpty)
        #expect(inference.pairs.count == 50 * 49 / 2)
        #expect(Set(inference.pairs).count == inference.pairs.count, "no pair judged twice")
        #expect(inference.pairs.allSatisfy { graph.order.allowsInferredStep(from: $0.from, to: $0.to) })
    }

    @Test("400 versions: the chain from the oldest to the newest judges one pair")
    func fourHundredVersions() throws {
        let inference = CountingInference()
        let graph = try VersionGraph(
            bundle: PlanningFixture.bundle(400), settings: PlanningSettings(), explicit: [], inference: inference)
        #expect(try PathPlanner(graph: graph).plan(from: "V1", to: "V400").description == "V1-inf-V400")
        #expect(inference.pairs == [VersionPair(from: "V1", to: "V400")])
    }

    @Test("An order of neighbouring pairs: only those pairs are judged, and no pair outside the chain's span")
    func onlyAllowedPairs() throws {
        let pairs = (1..<50).map { VersionPair(from: "V\($0)", to: "V\($0 + 1)") }
        let inference = CountingInference()
        let graph = try VersionGraph(
            bundle: PlanningFixture.bundle(50), settings: PlanningSettings(order: .pairs(pairs)), explicit: [],
            inference: inference)
        let plan = try PathPlanner(graph: graph).plan(from: "V10", to: "V20")
        #expect(plan.steps.map(\.from) == (10..<20).map { "V\($0)" })
        #expect(Set(inference.pairs) == Set(pairs[9..<19]))
        #expect(inference.pairs.count == 10)
    }

    @Test("A lossy jump makes the search look further, still only at allowed pairs in the chain's span, each once")
    func lossyJumpLooksFurther() throws {
        // Renamed attributes keep their values only stepwise: every jump over a version is lossy.
        let inference = CountingInference()
        let bundle = PlanningFixture.bundle(8)
        let renamed = ModelBundle(
            path: bundle.path,
            versions: bundle.versions.map { version in
                var model = version
                let number = Int(version.name.dropFirst())!
                model.entities[0].attributes[0].name = "first\(number)"
                if number > 1 { model.entities[0].attributes[0].renamingIdentifier = "first\(number - 1)" }
                return model
            }, currentVersionName: bundle.currentVersionName)
        let graph = try VersionGraph(bundle: renamed, settings: PlanningSettings(), explicit: [], inference: inference)
        let plan = try PathPlanner(graph: graph).plan(from: "V2", to: "V6")
        #expect(plan.description == "V2-inf-V3, V3-inf-V4, V4-inf-V5, V5-inf-V6")
        #expect(plan.warnings.isEmpty)
        #expect(Set(inference.pairs).count == inference.pairs.count)
        let span = ["V2", "V3", "V4", "V5", "V6"]
        #expect(inference.pairs.allSatisfy { span.contains($0.from) && span.contains($0.to) && $0.from < $0.to })
    }
}
