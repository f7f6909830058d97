import Foundation
import GRDB
import TestSupport
import Testing

/// Small outputs that must say what they mean: a plan names the mappings off its chain once per folder,
/// `history` gives a run's real duration, `inspect` keeps its labels apart from their values, and
/// `inspect --check` says the check ran.
@Suite("Output details (plan, history, inspect)", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct OutputDetailTests {
    @Test("plan: unusable mapping models off the chain are one line per folder, not each one's full reason")
    func offRouteMappingsOnce() throws {
        let fixture = try CustomPolicyFixture.make(entries: 0)
        for index in 1...5 {
            try FileManager.default.copyItem(
                atPath: fixture.mappingModel,
                toPath: fixture.mappings.appendingPathComponent("Journal3to4-\(index).xcmappingmodel").path)
        }
        try FileManager.default.copyItem(
            atPath: URL(fileURLWithPath: JournalFixture.mappingsPath).appendingPathComponent("journal-4-to-5.yaml").path,
            toPath: fixture.mappings.appendingPathComponent("journal-4-to-5.yaml").path)
        // A copy of the sample model, so that the sample's own mappings beside it are not found.
        let model = try TemporaryDirectory.make().appendingPathComponent("Journal.xcdatamodeld").path
        try FileManager.default.copyItem(atPath: JournalFixture.modelPath, toPath: model)
        let store = try JournalFixture.journal4(entries: 3)
        let result = try CLIRunner.run([
            "plan", store, "--model", model, "--mappings", fixture.mappings.path, "--to", "Journal 5",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings == [
                "warning: 6 mappings in \(fixture.mappings.path) cannot be used, none on this chain "
                    + "(Journal3to4-1.xcmappingmodel, Journal3to4-2.xcmappingmodel, Journal3to4-3.xcmappingmodel and 3 more);"
                    + " cdmigrate plan --graph says why"
            ], "\(result.stdout)")
        #expect(!result.stdout.contains(CustomPolicyFixture.policyClass))
        // On the chain, the full reason stays: a store at Journal 3 cannot go on without the policy.
        let blocked = try CLIRunner.run(
            ["plan", fixture.store, "--model", model, "--mappings", fixture.mappings.path, "--to", "Journal 5"])
        #expect(blocked.stderr.contains("EntryToAuthorMigrationPolicy"), "\(blocked.stderr)")
    }

    @Test("history: a run lasts what its steps took and more, never 0.00s")
    func realDurations() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let migrated = try CLIRunner.run(["migrate", store, "--model", RenameChainFixture.modelPath, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let lines = try CLIRunner.run(["history", store]).stdout.split(separator: "\n")
        let run = try #require(lines.first { $0.contains("  migrate  ") })
        let seconds = { (text: Substring) in Double(text.split(separator: " ").last!.dropLast()) ?? -1 }
        let total = seconds(run.split(separator: "  ").filter { $0.hasSuffix("s") && Double($0.dropLast()) != nil }.last!)
        let steps = lines.filter { $0.hasPrefix("    v") }.map(seconds)
        // The chain's four renames run as one pass (StepFusion), recorded as the step that ran.
        #expect(steps.count == 1)
        #expect(total > 0, "\(run)")
        #expect(total + 0.01 >= steps.reduce(0, +), "\(lines)")
    }

    @Test("inspect: a long label such as History tables keeps a space before its value")
    func labelsApart() throws {
        let store = try JournalFixture.store(version: 2, entries: 2)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: #"CREATE TABLE "ACHANGE" ("Z_PK" INTEGER PRIMARY KEY, "ZCHANGETYPE" INTEGER)"#)
            try db.execute(sql: #"CREATE TABLE "ATRANSACTION" ("Z_PK" INTEGER PRIMARY KEY, "ZTIMESTAMP" FLOAT)"#)
        }
        try queue.close()
        let lines = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath]).stdout.split(separator: "\n")
        let history = try #require(lines.first { $0.hasPrefix("History") }, "\(lines)")
        #expect(history.hasPrefix("History tables A"), "\(history)")
        #expect(lines.contains { $0.hasPrefix("Store          /") }, "labels share one column: \(lines)")
    }

    @Test("inspect --check says the check ran and passed, in text and JSON; without it nothing is claimed")
    func checkSaysItRan() throws {
        let store = try JournalFixture.store(version: 2, entries: 2)
        let model = JournalFixture.modelPath
        let checked = try CLIRunner.run(["inspect", store, "--model", model, "--check"])
        #expect(checked.stdout.contains("\nIntegrity SQLite quick_check read every page: ok\n"), "\(checked.stdout)")
        let plain = try CLIRunner.run(["inspect", store, "--model", model])
        #expect(!plain.stdout.contains("Integrity"))
        let json = try CLIRunner.run(["inspect", store, "--model", model, "--check", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["quickCheckPassed"] as? Bool == true)
        let unchecked = try CLIRunner.run(["inspect", store, "--model", model, "--json"])
        let other = try #require(try JSONSerialization.jsonObject(with: Data(unchecked.stdout.utf8)) as? [String: Any])
        #expect(other["quickCheckPassed"] == nil)
    }
}
