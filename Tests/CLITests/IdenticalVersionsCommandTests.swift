import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Versions with identical hashes are warned about by `hash`, `inspect` and `plan`, in text and JSON.
@Suite("Identical version hashes", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct IdenticalVersionsCommandTests {
    static let warning =
        "warning: versions V1 and V2 have identical entity hashes: Core Data cannot tell their stores apart"
        + " (a forgotten version hash modifier?)"

    @Test("hash: the warning after the versions; --json lists the group; a model without one says nothing")
    func hash() throws {
        let model = try IdenticalVersionsModel.write()
        let text = try CLIRunner.run(["hash", model])
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("\n\n" + Self.warning + "\n"), "\(text.stdout)")
        let json = try CLIRunner.run(["hash", model, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["identicalHashVersions"] as? [[String]] == [["V1", "V2"]])
        let plain = try CLIRunner.run(["hash", try IdenticalVersionsModel.write(modifier: true)])
        #expect(!plain.stdout.contains("warning"), "\(plain.stdout)")
    }

    @Test("inspect and plan of a store at V1 carry the warning, in text and JSON")
    func inspectAndPlan() throws {
        let model = try IdenticalVersionsModel.write()
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: "V1"))).create(at: store)
        let inspect = try CLIRunner.run(["inspect", store, "--model", model])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("\n" + Self.warning), "\(inspect.stdout)")
        let inspectJSON = try CLIRunner.run(["inspect", store, "--model", model, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(inspectJSON.stdout.utf8)) as? [String: Any])
        #expect(report["identicalHashVersions"] as? [[String]] == [["V1", "V2"]])
        let plan = try CLIRunner.run(["plan", store, "--model", model])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("\n" + Self.warning + "\n"), "\(plan.stdout)")
        let planJSON = try CLIRunner.run(["plan", store, "--model", model, "--json"])
        let planned = try #require(try JSONSerialization.jsonObject(with: Data(planJSON.stdout.utf8)) as? [String: Any])
        #expect(planned["identicalHashVersions"] as? [[String]] == [["V1", "V2"]])
    }

    @Test("plan and migrate of a store at V1 to V2: already compatible, no step, nothing written")
    func compatibleTarget() throws {
        let model = try IdenticalVersionsModel.write()
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: "V1"))).create(at: store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let said = "the store is already compatible with the target version; nothing to do\n"
        let plan = try CLIRunner.run(["plan", store, "--model", model, "--to", "V2"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("version  V1\ntarget   V2\n" + said), "\(plan.stdout)")
        #expect(!plan.stdout.contains("chain"), "\(plan.stdout)")
        let migrate = try CLIRunner.run(["migrate", store, "--model", model, "--to", "V2", "--yes"])
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(migrate.stdout.contains(said), "\(migrate.stdout)")
        let json = try CLIRunner.run(["migrate", store, "--model", model, "--to", "V2", "--yes", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("already at its target version or compatible with it"), "\(json.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["Items.sqlite"], "no backup, history or temporary beside the store")
        let onward = try CLIRunner.run(["plan", store, "--model", model, "--to", "V3"])
        #expect(onward.stdout.contains("chain    V1 "), "\(onward.stdout)")
    }
}
