import Foundation
import JournalSample
import MigrationEngine
import TestSupport
import Testing

@Suite("The sample app's whole chain through the CLI", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SampleChainTests {
    @Test("Journal 1 → 4 with the CLI; Journal 5 needs the app's Swift policy, which only PolicyExample registers")
    func journalChain() throws {
        let model = Corpus.packageRoot.appendingPathComponent("Examples/Journal.xcdatamodeld").path
        let bundle = try ModelLoader.load(path: model)
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: try bundle.requireVersion(named: "Journal 1"), entries: 300).write(to: store)

        // The demo's policy is not part of production runs: the plain CLI says what is missing.
        let whole = try CLIRunner.run(["plan", store, "--model", model])
        #expect(whole.status == 9)
        #expect(whole.stderr.contains("needs the migration policy WordCount, which is not registered"))

        let plan = try CLIRunner.run(["plan", store, "--model", model, "--to", "Journal 4", "--json"])
        #expect(plan.status == 0)
        let steps =
            try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])["steps"]
            as? [[String: Any]]
        #expect(
            steps?.map { "\($0["from"]!)→\($0["to"]!):\($0["kind"]!)" } == [
                // 1→2 adds an attribute and 2→3 renames through an identifier Journal 1 already has, so one
                // lossless inferred step covers both.
                "Journal 1→Journal 3:inferred", "Journal 3→Journal 4:explicit",
            ])
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--to", "Journal 4", "--yes", "--json"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let verify = try CLIRunner.run(["verify", store, "--model", model, "--json"])
        #expect(try verify.decoded(StoreVerification.self).version == "Journal 4")

        // The app team's own executable registers the policy and finishes the chain through the same engine.
        let example = try CLIRunner.run([store], executable: "PolicyExample")
        #expect(example.status == 0, "\(example.stderr)")
        #expect(example.stdout.contains("Journal 4 → Journal 5"))
        let final = try CLIRunner.run(["verify", store, "--model", model, "--json"])
        #expect(try final.decoded(StoreVerification.self).version == "Journal 5")
    }
}
