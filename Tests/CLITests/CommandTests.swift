import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("plan, verify, history, restore commands", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct CommandTests {
    let model = RenameChainFixture.modelPath

    @Test("verify accepts a store at its version")
    func verify() throws {
        let store = try RenameChainFixture.store("v1.1.2")
        let result = try CLIRunner.run(["verify", store, "--model", model])
        #expect(result.status == 0)
        #expect(result.stdout.contains("a valid v1.1.2 store"))
    }

    @Test("verify accepts Apple's store whose data lives in its -wal, and prints JSON", Corpus.required)
    func verifyWAL() throws {
        let wal = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let json = try CLIRunner.run([
            "verify", wal, "--model", Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"), "--json",
        ])
        #expect(json.status == 0)
        #expect(try json.decoded(StoreVerification.self).version == "CoreDataMigration_Example 4")
    }

    @Test("verify accepts a store whose entries live only in its -wal, and prints JSON")
    func verifyWALFixture() throws {
        let wal = try JournalFixture.walStore(version: 3, entries: 50)
        let json = try CLIRunner.run(["verify", wal, "--model", JournalFixture.modelPath, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try json.decoded(StoreVerification.self).version == "Journal 3")
    }

    @Test("verify against the wrong version fails with a one-line reason and exit code 10")
    func verifyWrongVersion() throws {
        let store = try RenameChainFixture.store("v1.1.2")
        let result = try CLIRunner.run(["verify", store, "--model", model, "--version", "v2.0.0"])
        #expect(result.status == 10)
        #expect(result.stderr.hasPrefix("cdmigrate: error: "))
        #expect(result.stderr.contains("metadata version hashes differ from v2.0.0"))
        #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): ")) // the user's file, not the private snapshot
    }

    @Test("plan names unknown target versions (exit 8) and missing routes (exit 9)")
    func planErrors() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let unknown = try CLIRunner.run(["plan", store, "--model", model, "--to", "v9"])
        #expect(unknown.status == 8)
        #expect(unknown.stderr.contains("\"v9\""))
        let none = try CLIRunner.run(["plan", store, "--model", model, "--no-inference"])
        #expect(none.status == 9)
        #expect(none.stderr.contains("no route from \"v1.0.0\" to \"v2.0.0\""))
        let same = try CLIRunner.run(["plan", store, "--model", model, "--to", "v1.0.0", "--json"])
        #expect(same.status == 0)
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [String: Any])
        #expect((plan["steps"] as? [Any])?.isEmpty == true)
    }

    @Test("plan reads cdmigrate.yaml beside the model and reports its errors with line and column")
    func projectFileErrors() throws {
        let folder = try TemporaryDirectory.make()
        let modelCopy = folder.appendingPathComponent("Model.xcdatamodeld").path
        try FileManager.default.copyItem(atPath: model, toPath: modelCopy)
        try Data("order: natural\nbroken: [v1.1.0]\nroutes: {v1.0.0: v3}\n".utf8)
            .write(to: folder.appendingPathComponent("cdmigrate.yaml"))
        let store = try RenameChainFixture.store("v1.0.0")
        let result = try CLIRunner.run(["plan", store, "--model", modelCopy])
        #expect(result.status == 8)
        #expect(result.stderr.contains("routing names unknown version \"v3\""))
        try Data("order:\n  sideways: 1\n".utf8).write(to: folder.appendingPathComponent("cdmigrate.yaml"))
        let syntax = try CLIRunner.run(["plan", store, "--model", modelCopy])
        #expect(syntax.stderr.contains("cdmigrate.yaml:2:3: unknown order \"sideways\""))
    }

    @Test("history is empty for a new store; restore without backups exits 3")
    func historyAndRestore() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let history = try CLIRunner.run(["history", store])
        #expect(history.status == 0)
        #expect(history.stdout.contains("no runs recorded"))
        let restore = try CLIRunner.run(["restore", store, "--yes"])
        #expect(restore.status == 3)
        #expect(restore.stderr.contains("no backups of this store"))
    }
}
