import Foundation
import MigrationEngine
import Testing

@Suite("Routing, downgrades and errors")
struct RoutingTests {
    @Test("A broken version is routed around, never passed through or targeted")
    func brokenVersion() throws {
        // V2→V3 and V3→V4 are explicit, so the chain would pass V3 if it could.
        let healthy = try PlanningFixture.planner(PlanningFixture.bundle(4), explicit: [("V2", "V3"), ("V3", "V4")])
        #expect(try healthy.plan(from: "V1", to: "V4").description == "V1-inf-V2, V2-ex-V3, V3-ex-V4")
        var settings = PlanningSettings()
        settings.routing.broken = ["V3"]
        let planner = try PlanningFixture.planner(
            PlanningFixture.bundle(4), explicit: [("V2", "V3"), ("V3", "V4")], settings: settings)
        #expect(try planner.plan(from: "V1", to: "V4").description == "V1-inf-V4")
        #expect(try planner.plan(from: "V2", to: "V4").description == "V2-inf-V4")
        // A store already at the broken version can still leave it.
        #expect(try planner.plan(from: "V3", to: "V4").description == "V3-ex-V4")
        #expect(throws: PlanningError.self) { try planner.plan(from: "V1", to: "V3") }
    }

    @Test("A routing override sends a version straight ahead")
    func routingOverride() throws {
        var settings = PlanningSettings()
        settings.routing.overrides = ["V2": "V4"]
        let planner = try PlanningFixture.planner(
            PlanningFixture.bundle(5), explicit: [("V1", "V2"), ("V2", "V3")], settings: settings)
        #expect(try planner.plan(from: "V1", to: "V5").description == "V1-ex-V2, V2-inf-V4, V4-inf-V5")
        // When the override's version lies beyond the target, the ordinary steps apply.
        #expect(try planner.plan(from: "V2", to: "V3").description == "V2-ex-V3")
    }

    @Test("An override may allow a step the pairs order does not")
    func overrideAddsStep() throws {
        var settings = PlanningSettings(order: .pairs([VersionPair(from: "V1", to: "V2"), VersionPair(from: "V2", to: "V3")]))
        settings.routing.overrides = ["V1": "V3"]
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], settings: settings)
        #expect(try planner.plan(from: "V1", to: "V3").description == "V1-inf-V3")
    }

    @Test("Downgrades follow explicit mappings, and inferred ones only when allowed")
    func downgrade() throws {
        let bundle = PlanningFixture.bundle(4)
        let strict = try PlanningFixture.planner(bundle, explicit: [("V4", "V3")])
        #expect(try strict.plan(from: "V4", to: "V3").description == "V4-ex-V3")
        #expect(throws: PlanningError.self) { try strict.plan(from: "V4", to: "V2") }
        let loose = try PlanningFixture.planner(
            bundle, explicit: [("V4", "V3")], settings: PlanningSettings(allowsDowngrades: true))
        #expect(try loose.plan(from: "V4", to: "V2").description == "V4-ex-V3, V3-inf-V2")
        #expect(try loose.plan(from: "V3", to: "V1").description == "V3-inf-V1")
    }

    @Test("A target older than the store says downgrades are off, not what an upgrade out of it cannot infer")
    func olderTargetNamesDowngrades() throws {
        // V3 → V4 cannot be inferred: that reason used to be given for a target that lies the other way.
        let inference = PlanningFixture.RuleInference(inferable: { from, _ in from != "V3" })
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(4), explicit: [], inference: inference)
        let error = #expect(throws: PlanningError.self) { try planner.plan(from: "V3", to: "V1") }
        #expect(error?.code == .noRoute)
        #expect(error?.description.contains(#""V1" is older than "V3", downgrades are off"#) == true)
        #expect(error?.description.contains("cannot be inferred") == false)
        let upgrade = #expect(throws: PlanningError.self) { try planner.plan(from: "V3", to: "V4") }
        #expect(upgrade?.description.contains("V3 → V4 cannot be inferred (rule says no)") == true)
    }

    @Test("Missing routes, unknown versions and cycles name the versions")
    func errorsNameVersions() throws {
        let inference = PlanningFixture.RuleInference(inferable: { _, _ in false })
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [("V1", "V2")], inference: inference)
        let noRoute = #expect(throws: PlanningError.self) { try planner.plan(from: "V1", to: "V3") }
        #expect(noRoute?.code == .noRoute)
        #expect(noRoute?.description.contains("\"V1\"") == true && noRoute?.description.contains("\"V3\"") == true)
        let unknown = #expect(throws: PlanningError.self) { try planner.plan(from: "V9", to: "V3") }
        #expect(unknown?.versions == ["V9"])

        var looping = PlanningSettings()
        looping.routing.overrides = ["V1": "V3", "V3": "V1"]
        let cycle = #expect(throws: PlanningError.self) {
            try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], settings: looping)
        }
        #expect(cycle?.code == .cycle)
        #expect(cycle?.description.contains("V1 → V3 → V1") == true)
    }
}

@Suite("Unusable explicit mappings")
struct UnusableMappingTests {
    @Test("A mapping that cannot run is never replaced by inference: no route, naming the mapping")
    func unusableMappingBlocks() throws {
        let bundle = PlanningFixture.bundle(4)
        var broken = PlanningFixture.explicit("V2", "V3", in: bundle)
        broken.makeStep = { _, _ in throw PlanningFixture.NotRunnable() }
        let graph = try VersionGraph(
            bundle: bundle, settings: PlanningSettings(), explicit: [broken], inference: PlanningFixture.RuleInference())
        #expect(graph.unusableMappings.map(\.name) == ["V2toV3"])
        #expect(!graph.edges.contains { $0.from == "V2" || ($0.from == "V1" && ["V3", "V4"].contains($0.to)) })
        let planner = PathPlanner(graph: graph)
        let error = #expect(throws: PlanningError.self) { try planner.plan(from: "V1", to: "V4") }
        #expect(error?.description.contains("mapping V2toV3 (V2 → V3) cannot be used") == true)
        #expect(try planner.plan(from: "V1", to: "V2").description == "V1-inf-V2")
        #expect(try planner.plan(from: "V3", to: "V4").description == "V3-inf-V4")
    }
}
