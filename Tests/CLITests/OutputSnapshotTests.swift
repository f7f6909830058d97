import Foundation
import MigrationEngine
import SnapshotTesting
import TestSupport
import Testing

/// Whole outputs pinned: every command's help, and the text and JSON of the read-only commands on the
/// project's own fixture models and engine-written stores. A change to any of them shows up as a diff of
/// the snapshot under `__Snapshots__/`, to be reviewed and re-recorded on purpose
/// (`SNAPSHOT_TESTING_RECORD=all swift test --filter OutputSnapshotTests`).
@Suite("Whole command outputs", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct OutputSnapshotTests {
    static let commands = [
        "console", "demo", "inspect", "hash", "diff", "plan", "migrate", "verify", "repair", "history", "restore", "export",
        "rows",
        "salvage", "scaffold-mapping",
    ]
    let model = RenameChainFixture.modelPath

    @Test("cdmigrate --help and every subcommand's help")
    func help() throws {
        assertSnapshot(of: try output(["--help"]), as: .lines, named: "cdmigrate")
        for command in Self.commands {
            assertSnapshot(of: try output([command, "--help"]), as: .lines, named: command)
        }
    }

    @Test("hash: text and JSON")
    func hash() throws {
        assertSnapshot(of: try output(["hash", model]), as: .lines, named: "text")
        assertSnapshot(of: try output(["hash", model, "--json"]), as: .lines, named: "json")
    }

    @Test("inspect, plan and verify: text and JSON of a store at the oldest version")
    func storeCommands() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        for (name, arguments) in [
            ("inspect", ["inspect", store, "--model", model]), ("plan", ["plan", store, "--model", model]),
            ("verify", ["verify", store, "--model", model]),
        ] {
            assertSnapshot(of: try output(arguments, store: store), as: .lines, named: "\(name)-text")
            assertSnapshot(of: try output(arguments + ["--json"], store: store), as: .lines, named: "\(name)-json")
        }
    }

    @Test("verify of a store with three broken objects and a schema problem: text (the first) and JSON (every one)")
    func verifyProblems() throws {
        let store = try JournalFixture.journal4WithProblems()
        let arguments = ["verify", store, "--model", JournalFixture.modelPath]
        assertSnapshot(of: try output(arguments, store: store), as: .lines, named: "text")
        assertSnapshot(of: try output(arguments + ["--json"], store: store), as: .lines, named: "json")
    }

    /// Planning reads and hashes every version: a change to how a long model is read, hashed or searched
    /// that alters what is found shows up here.
    @Test("plan over a 50-version model: text and JSON of the one inferred step from V1 to V50")
    func planManyVersions() throws {
        let model = try ManyVersionModel.write(versions: 50, in: try TemporaryDirectory.make())
        let store = try ManyVersionModel.store(modelPath: model, items: 25)
        assertSnapshot(of: try output(["plan", store, "--model", model], store: store), as: .lines, named: "text")
        assertSnapshot(of: try output(["plan", store, "--model", model, "--json"], store: store), as: .lines, named: "json")
    }

    /// Versions Core Data cannot tell apart: a store at the first is already compatible with the second.
    @Test("plan and migrate to a version with the store's own hashes: text and JSON, nothing to do")
    func identicalVersions() throws {
        let model = try IdenticalVersionsModel.write()
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: "V1"))).create(at: store)
        let plan = ["plan", store, "--model", model, "--to", "V2"]
        assertSnapshot(of: try output(plan, store: store, model: model), as: .lines, named: "plan-text")
        assertSnapshot(of: try output(plan + ["--json"], store: store, model: model), as: .lines, named: "plan-json")
        let migrate = ["migrate", store, "--model", model, "--to", "V2", "--yes"]
        assertSnapshot(of: try output(migrate, store: store, model: model), as: .lines, named: "migrate-text")
    }

    @Test("diff: text and JSON of the lossy jump across the rename chain, counted in a store")
    func diff() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let arguments = ["diff", model, "--from", "v1.0.0", "--to", "v2.0.0", "--store", store]
        assertSnapshot(of: try output(arguments, store: store), as: .lines, named: "text")
        assertSnapshot(of: try output(arguments + ["--json"], store: store), as: .lines, named: "json")
    }

    @Test("rows, export and history: text and JSON of a sample store with related objects")
    func dataCommands() throws {
        let store = try JournalFixture.journal4(entries: 4)
        let model = JournalFixture.modelPath
        for (name, text, json) in [
            (
                "rows", ["rows", store, "--model", model, "--entity", "Entry", "--limit", "3"],
                ["rows", store, "--model", model, "--entity", "Entry", "--limit", "3", "--json"]
            ),
            (
                "export", ["export", store, "--model", model, "--entity", "Author", "--format", "csv"],
                ["export", store, "--model", model, "--entity", "Author", "--format", "json"]
            ),
            ("history", ["history", store], ["history", store, "--json"]),
        ] {
            assertSnapshot(of: try output(text, store: store), as: .lines, named: "\(name)-text")
            assertSnapshot(of: try output(json, store: store), as: .lines, named: "\(name)-json")
        }
    }

    @Test("rows queries: a key path, a count and a quantifier, an order, chosen columns, an error at its position")
    func queries() throws {
        let store = try JournalFixture.journal4(entries: 9)
        let rows = ["rows", store, "--model", JournalFixture.modelPath]
        let entries =
            rows + [
                "--entity", "Entry", "--where", #"author.name BEGINSWITH[c] "a" AND NOT title ENDSWITH "7""#, "--sort",
                "-created",
                "--columns", "_pk,title,author,created",
            ]
        assertSnapshot(of: try output(entries, store: store), as: .lines, named: "entries-text")
        assertSnapshot(of: try output(entries + ["--json"], store: store), as: .lines, named: "entries-json")
        let authors =
            rows + [
                "--entity", "Author", "--where", "entries.@count >= 3 AND NONE entries.title LIKE '*8'", "--sort", "name",
                "--desc", "--columns", "name,entries",
            ]
        assertSnapshot(of: try output(authors, store: store), as: .lines, named: "authors-text")
        let invalid = rows + ["--entity", "Entry", "--where", #"title BEGINSWITH[x] "E""#]
        assertSnapshot(of: try output(invalid, store: store), as: .lines, named: "invalid")
        let failing = rows + ["--entity", "Entry", "--where", "mood LIKE 'x*'"]
        assertSnapshot(of: try output(failing, store: store), as: .lines, named: "failing")
    }

    /// Standard output and error of a run, with what differs between runs (the store's folder, the model's
    /// absolute path, store UUIDs) replaced by placeholders.
    private func output(_ arguments: [String], store: String? = nil, model: String? = nil) throws -> String {
        let result = try CLIRunner.run(arguments)
        var text = "exit \(result.status)\n" + result.stdout + (result.stderr.isEmpty ? "" : "--- stderr\n" + result.stderr)
        if let model { text = text.replacingOccurrences(of: model, with: "<model>") }
        if let store {
            text = text.replacingOccurrences(of: URL(fileURLWithPath: store).deletingLastPathComponent().path, with: "<folder>")
        }
        text = text.replacingOccurrences(of: Corpus.packageRoot.path, with: "<package>")
        return text.replacingOccurrences(
            of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<UUID>", options: .regularExpression)
    }
}
