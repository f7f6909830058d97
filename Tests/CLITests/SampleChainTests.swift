import Foundation
import MigrationEngine
import Testing
import TestSupport

@Suite("The sample app's whole chain through the CLI", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SampleChainTests {
    @Test("Journal 1 → Journal 5: an inferred step, then mapping files (one with a Swift policy), validated and swapped")
    func journalChain() throws {
        let model = Corpus.packageRoot.appendingPathComponent("Examples/Journal.xcdatamodeld").path
        let bundle = try ModelLoader.load(path: model)
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: try #require(bundle.version(named: "Journal 1")), entries: 300).write(to: store)
        let plan = try CLIRunner.run(["plan", store, "--model", model, "--json"])
        #expect(plan.status == 0)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])["steps"] as? [[String: Any]]
        #expect(steps?.map { "\($0["from"]!)→\($0["to"]!):\($0["kind"]!)" } == [
            // 1→2 adds an attribute and 2→3 renames through an identifier Journal 1 already has, so one
            // lossless inferred step covers both.
            "Journal 1→Journal 3:inferred", "Journal 3→Journal 4:explicit", "Journal 4→Journal 5:explicit",
        ])
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--yes", "--json"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let verify = try CLIRunner.run(["verify", store, "--model", model, "--json"])
        #expect(verify.stdout.contains(#""version":"Journal 5""#))
    }
}
