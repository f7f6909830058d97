import Foundation
import MigrationEngine
import Testing

@Suite("Path planner")
struct PathPlannerTests {
    @Test("Five versions, V1→V2 and V2→V3 explicit: the exact chains to V5")
    func fiveVersionGraph() throws {
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(5), explicit: [("V1", "V2"), ("V2", "V3")])
        #expect(try planner.plan(from: "V1", to: "V5").description == "V1-ex-V2, V2-ex-V3, V3-inf-V5")
        #expect(try planner.plan(from: "V2", to: "V5").description == "V2-ex-V3, V3-inf-V5")
        #expect(try planner.plan(from: "V3", to: "V5").description == "V3-inf-V5")
        #expect(try planner.plan(from: "V4", to: "V5").description == "V4-inf-V5")
        #expect(try planner.plan(from: "V5", to: "V5").steps.isEmpty)
    }

    @Test("Six versions, plus V5→V6 and V2→V6 explicit: the exact chains to V6")
    func sixVersionGraph() throws {
        let planner = try PlanningFixture.planner(
            PlanningFixture.bundle(6), explicit: [("V1", "V2"), ("V2", "V3"), ("V5", "V6"), ("V2", "V6")])
        #expect(try planner.plan(from: "V1", to: "V6").description == "V1-ex-V2, V2-ex-V6")
        #expect(try planner.plan(from: "V2", to: "V6").description == "V2-ex-V6")
        #expect(try planner.plan(from: "V3", to: "V6").description == "V3-inf-V5, V5-ex-V6")
        #expect(try planner.plan(from: "V4", to: "V6").description == "V4-inf-V5, V5-ex-V6")
        #expect(try planner.plan(from: "V5", to: "V6").description == "V5-ex-V6")
    }

    @Test("Plans have no warnings when every rule holds")
    func strictPlansAreQuiet() throws {
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(6), explicit: [("V1", "V2"), ("V5", "V6")])
        #expect(try planner.plan(from: "V1", to: "V6").warnings.isEmpty)
    }

    @Test("A lossy inferred jump is never chosen when a lossless chain exists")
    func lossyJumpAvoided() throws {
        // Like rename-chain: only adjacent versions keep the data.
        let bundle = PlanningFixture.bundle(5)
        let index: @Sendable (String) -> Int = { Int($0.dropFirst())! }
        let inference = PlanningFixture.RuleInference(lossy: { index($1) - index($0) > 1 })
        let planner = try PlanningFixture.planner(bundle, explicit: [], inference: inference)
        let plan = try planner.plan(from: "V1", to: "V5")
        #expect(plan.description == "V1-inf-V2, V2-inf-V3, V3-inf-V4, V4-inf-V5")
        #expect(plan.warnings.isEmpty)
    }

    @Test("A lossy step between neighbours is taken, with a warning; a lossy jump only when nothing else leads there")
    func lossyWhenUnavoidable() throws {
        let inference = PlanningFixture.RuleInference(lossy: { $0 == "V2" && $1 == "V3" })
        let plan = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], inference: inference)
            .plan(from: "V1", to: "V3")
        #expect(plan.description == "V1-inf-V3")
        let intended = PlanningFixture.RuleInference(lossy: { _, to in to == "V3" })
        let lossyPlan = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], inference: intended)
            .plan(from: "V1", to: "V3")
        #expect(lossyPlan.description == "V1-inf-V2, V2-inf-V3")
        #expect(lossyPlan.warnings.count == 1)
        let onlyJump = PlanningFixture.RuleInference(
            inferable: { from, to in from == "V1" && to == "V3" }, lossy: { _, _ in true })
        let jumpPlan = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], inference: onlyJump)
            .plan(from: "V1", to: "V3")
        #expect(jumpPlan.description == "V1-inf-V3")
        #expect(jumpPlan.warnings.count == 1)
    }

    @Test("A rename followed by an intended drop goes through the rename, not around it")
    func renameThenDrop() throws {
        // V1→V2 renames (lossless only stepwise), V2→V3 drops an attribute on purpose: the direct jump
        // V1→V3 is also one lossy step, but it would lose the renamed values too.
        let inference = PlanningFixture.RuleInference(lossy: { from, to in to == "V3" })
        let plan = try PlanningFixture.planner(PlanningFixture.bundle(3), explicit: [], inference: inference)
            .plan(from: "V1", to: "V3")
        #expect(plan.description == "V1-inf-V2, V2-inf-V3")
    }

    @Test("Ties break the same way every time: the chain landing on earlier versions wins")
    func deterministicTies() throws {
        let inference = PlanningFixture.RuleInference(inferable: { from, to in from != "V1" || to != "V4" })
        let planner = try PlanningFixture.planner(PlanningFixture.bundle(4), explicit: [], inference: inference)
        for _ in 0..<5 {
            #expect(try planner.plan(from: "V1", to: "V4").description == "V1-inf-V2, V2-inf-V4")
        }
    }
}
