import Foundation
import JournalSample
import MigrationEngine
import TestSupport
import Testing

@Suite("The sample app's whole chain through the CLI", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SampleChainTests {
    @Test("The store demo writes reaches Journal 5 with plain plan and migrate: the sample's policy comes with its model")
    func demoStoreReachesTheNewestVersion() throws {
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prepared = try CLIRunner.run(["demo", "--directory", folder.path, "--entries", "300", "--json"])
        #expect(prepared.status == 0, "\(prepared.stderr)")
        let store = folder.appendingPathComponent("Journal.sqlite").path

        let plan = try CLIRunner.run(["plan", store, "--json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let steps =
            try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])["steps"]
            as? [[String: Any]]
        #expect(
            steps?.map { "\($0["from"]!)→\($0["to"]!):\($0["kind"]!)" } == [
                // 1→2 adds an attribute and 2→3 renames through an identifier Journal 1 already has, so one
                // lossless inferred step covers both.
                "Journal 1→Journal 3:inferred", "Journal 3→Journal 4:explicit", "Journal 4→Journal 5:explicit",
            ])
        let migrated = try CLIRunner.run(["migrate", store, "--yes", "--json"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let verify = try CLIRunner.run(["verify", store, "--json"])
        #expect(try verify.decoded(StoreVerification.self).version == "Journal 5")
        // The policy ran: every entry has its text's word count (the generator writes non-empty text).
        let counted = try CLIRunner.run([
            "rows", store, "--entity", "Entry", "--where", "$object.wordCount > 0", "--limit", "1000", "--json",
        ])
        #expect(counted.status == 0, "\(counted.stderr)")
        let objects = try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [Any]
        #expect(objects?.count == 300)
    }

    @Test("Another model naming WordCount gets no sample code: the CLI says which policy is missing")
    func anEditedSampleModelGetsNoPolicy() throws {
        // The sample's model with one attribute added to Journal 5: no longer the sample's by its hashes, so its
        // mapping's WordCount policy is not registered, whatever the folder is called.
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = Corpus.packageRoot.appendingPathComponent("Examples")
        for name in ["Journal.xcdatamodeld", "Mappings", "cdmigrate.yaml"] {
            try FileManager.default.copyItem(
                at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let model = folder.appendingPathComponent("Journal.xcdatamodeld").path
        let newest = URL(fileURLWithPath: model).appendingPathComponent("Journal 5.xcdatamodel/contents")
        let edited = try String(contentsOf: newest, encoding: .utf8)
        let source = try #require(
            edited.range(of: "<attribute ").map {
                edited.replacingCharacters(
                    in: $0, with: #"<attribute name="addedByTheApp" optional="YES" attributeType="String"/><attribute "#)
            })
        try source.write(to: newest, atomically: true, encoding: .utf8)
        let bundle = try ModelLoader.load(path: model)
        let store = folder.appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: try bundle.requireVersion(named: "Journal 1"), entries: 50).write(to: store)

        let whole = try CLIRunner.run(["plan", store, "--model", model])
        #expect(whole.status == 9)
        #expect(whole.stderr.contains("needs the migration policy WordCount, which is not registered"))
        #expect(SampleApp.policies(forModelAt: model).names.isEmpty)
        #expect(
            SampleApp.policies(forModelAt: examples.appendingPathComponent("Journal.xcdatamodeld").path).names == ["WordCount"])

        // Up to Journal 4 the chain needs no Swift, and the app team's own executable, which registers its
        // policy, finishes it through the same engine (here on the unedited sample).
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--to", "Journal 4", "--yes", "--json"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let sampleStore = folder.appendingPathComponent("Sample.sqlite").path
        let sample = try ModelLoader.load(path: examples.appendingPathComponent("Journal.xcdatamodeld").path)
        try SampleStoreGenerator(model: try sample.requireVersion(named: "Journal 1"), entries: 50).write(to: sampleStore)
        let example = try CLIRunner.run([sampleStore], executable: "PolicyExample")
        #expect(example.status == 0, "\(example.stderr)")
        #expect(example.stdout.contains("Journal 4 → Journal 5"))
    }
}
