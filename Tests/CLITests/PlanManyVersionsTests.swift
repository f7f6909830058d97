import Foundation
import TestSupport
import Testing

@Suite("cdmigrate plan over many versions", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct PlanManyVersionsTests {
    struct Plan: Decodable {
        struct Step: Decodable {
            var from: String
            var to: String
            var kind: String
            var lossy: Bool
        }
        var version: String
        var target: String
        var steps: [Step]
    }

    struct Graph: Decodable {
        var versions: [String]
        var steps: [Plan.Step]
    }

    @Test("50 versions on disk: one inferred step from the store's V1 to V50; the graph has every forward pair")
    func fiftyVersions() throws {
        let model = try ManyVersionModel.write(versions: 50, in: try TemporaryDirectory.make())
        let store = try ManyVersionModel.store(modelPath: model, items: 25)
        let result = try CLIRunner.run(["plan", store, "--model", model, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try JSONDecoder().decode(Plan.self, from: Data(result.stdout.utf8))
        #expect(plan.version == "V1" && plan.target == "V50")
        #expect(plan.steps.map { "\($0.from)→\($0.to) \($0.kind) lossy: \($0.lossy)" } == ["V1→V50 inferred lossy: false"])
        let graph = try CLIRunner.run(["plan", store, "--model", model, "--graph", "--json"])
        #expect(graph.status == 0, "\(graph.stderr)")
        let whole = try JSONDecoder().decode(Graph.self, from: Data(graph.stdout.utf8))
        #expect(whole.versions.count == 50)
        #expect(whole.steps.count == 50 * 49 / 2)
    }
}
