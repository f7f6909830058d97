import Foundation
import TestSupport
import Testing

@Suite("cdmigrate diff", Corpus.required)
struct DiffCommandTests {
    static let colors = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")

    @Test("Text with a store: the drop is counted, the rename suggested, the step called lossy")
    func lossyWithStore() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite")
        let result = try CLIRunner.run([
            "diff", Self.colors, "--from", "CoreDataMigration_Example",
            "--to", "CoreDataMigration_Example 2", "--store", store,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("CoreDataMigration_Example → CoreDataMigration_Example 2: inferable (lightweight)"))
        #expect(result.stdout.contains("  drops Post.color (1001 values)  LOSSY"))
        #expect(result.stdout.contains("Post.hexColor may be Post.color renamed"))
        #expect(result.stdout.contains("This step is lossy for this store."))
    }

    @Test("--json: not inferable with the reason per property")
    func jsonNotInferable() throws {
        let result = try CLIRunner.run([
            "diff", Self.colors, "--from", "CoreDataMigration_Example 2",
            "--to", "CoreDataMigration_Example 3", "--json",
        ])
        #expect(result.status == 0)
        #expect(
            try CLIRunner.jsonKeys(result.stdout) == [
                "from", "to", "inferable", "lossy", "operations", "drops", "notInferable", "suggestedRenames", "warnings",
                "mapping",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["inferable"] as? Bool == false)
        let reasons = try #require(object["notInferable"] as? [[String: String]])
        #expect(
            reasons == [
                [
                    "entity": "Post", "property": "color",
                    "reason": "new required to-one relationship; existing objects would have nothing to point to",
                ]
            ])
    }

    @Test("A store at another version is refused with exit code 4, naming the user's file")
    func wrongStore() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite")
        let result = try CLIRunner.run([
            "diff", Self.colors, "--from", "CoreDataMigration_Example",
            "--to", "CoreDataMigration_Example 2", "--store", store,
        ])
        #expect(result.status == 4)
        #expect(
            result.stderr
                == "cdmigrate: error: \(store): store is not at model version CoreDataMigration_Example (version hashes differ)\n"
        )
    }

    @Test("An unknown version is exit code 8 listing the versions")
    func unknownVersion() throws {
        let result = try CLIRunner.run(["diff", Self.colors, "--from", "v9", "--to", "CoreDataMigration_Example 2"])
        #expect(result.status == 8)
        #expect(result.stderr.hasPrefix("cdmigrate: error: \(Self.colors): no model version \"v9\" (versions: "))
    }
}
