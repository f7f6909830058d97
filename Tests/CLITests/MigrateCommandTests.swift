import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("migrate and plan on the rename chain", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct MigrateCommandTests {
    let model = RenameChainFixture.modelPath

    @Test("plan shows the chain through every version")
    func plan() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let result = try CLIRunner.run(["plan", store, "--model", model])
        #expect(result.status == 0)
        #expect(result.stdout.contains("chain    v1.0.0 ─inferred→ v1.1.0 ─inferred→ v1.1.2 ─inferred→ v1.2.0 ─inferred→ v2.0.0"))
        let graph = try CLIRunner.run(["plan", store, "--model", model, "--graph", "--dot"])
        #expect(graph.stdout.hasPrefix("digraph versions {"))
        #expect(graph.stdout.contains(#""v1.0.0" -> "v2.0.0" [style=dashed label="inferred" color=red]"#))
        let json = try CLIRunner.run(["plan", store, "--model", model, "--graph", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["versions"] as? [String] == ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"])
        #expect((object["steps"] as? [[String: Any]])?.count == 10)
    }

    @Test("Piped text output: the plan comes before the progress lines")
    func planBeforeProgressWhenPiped() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let result = try CLIRunner.run(["migrate", store, "--model", model, "--dry-run"])
        #expect(result.status == 0)
        let plan = try #require(result.stdout.range(of: "chain    v1.0.0"))
        let firstStep = try #require(result.stdout.range(of: "step 1: v1.0.0 → v1.1.0"))
        #expect(plan.lowerBound < firstStep.lowerBound)
    }

    @Test("A dry run prints JSON events and changes nothing; a real run needs --yes off a terminal, then records history")
    func dryRunThenMigrate() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let stamp = try FileManager.default.attributesOfItem(atPath: store)[.modificationDate] as? Date
        let dry = try CLIRunner.run(["migrate", store, "--model", model, "--dry-run", "--json"])
        #expect(dry.status == 0)
        let events = dry.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.first?["event"] as? String == "planReady")
        #expect(events.last?["event"] as? String == "committed")
        #expect(events.last?["dryRun"] as? Bool == true)
        #expect(events.filter { $0["event"] as? String == "stepValidated" }.count == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: store)[.modificationDate] as? Date == stamp)

        let refused = try CLIRunner.run(["migrate", store, "--model", model])
        #expect(refused.status == 11)
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--yes"])
        #expect(migrated.status == 0)
        #expect(migrated.stdout.contains("migrated; backup at"))
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.stdout.contains("a valid v2.0.0 store"))
        let history = try CLIRunner.run(["history", store, "--json"])
        let actions = history.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["action"] as? String
        }
        #expect(actions == ["dry-run", "migrate"])
        let restored = try CLIRunner.run(["restore", store, "--yes"])
        #expect(restored.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test(
        "On a terminal, each step draws a progress bar with its rate",
        InstalledTool.utilLinuxScript)
    func progressBarsOnTerminal() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let command = [CLIRunner.binary, "migrate", store, "--model", model, "--yes", "--to", "v1.1.0"]
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(InstalledTool.path("script")))
        process.arguments = ["-qc", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("\u{1B}[2K  step 1 BasicEntity █"))
        #expect(text.contains("1/1 ("))
        #expect(text.contains("rows/s"))
    }

    @Test("A second migration of a store that is being migrated is refused with exit code 6")
    func secondMigrationRefused() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let running = try StoreLock(storePath: store) // what a migration in progress holds
        let result = try CLIRunner.run(["migrate", store, "--model", model, "--yes"])
        running.release()
        #expect(result.status == 6)
        #expect(result.stderr.contains("another cdmigrate run is working on this store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("A store open in another SQLite connection is refused with exit code 6", SQLiteWriterProcess.required)
    func lockedStore() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let holder = try SQLiteWriterProcess(path: store)
        defer { holder.finish() }
        let result = try CLIRunner.run(["migrate", store, "--model", model, "--yes"])
        #expect(result.status == 6)
        #expect(result.stderr.contains("cdmigrate: error:"))
    }
}
