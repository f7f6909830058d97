import Foundation
import TestSupport
import Testing

@Suite("cdmigrate diff", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct DiffCommandTests {
    static let journal = JournalFixture.modelPath

    /// A two-version model whose second version gives every Post a new required to-one Color: a split
    /// inferred only for a store without Post objects; with `changesType`, `rank` also becomes a String,
    /// which no inferred step makes.
    static func splitModel(changesType: Bool = true) throws -> String {
        let rank = #"<attribute name="rank" optional="YES" attributeType="Integer 16" defaultValueString="0"/>"#
        let versions = [
            "v1": #"<entity name="Post" syncable="YES"><attribute name="hex" optional="YES" attributeType="String"/>"#
                + rank + "</entity>",
            "v2": #"""
            <entity name="Color" syncable="YES"><attribute name="hex" optional="YES" attributeType="String"/><relationship name="post" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Post" inverseName="color" inverseEntity="Post"/></entity>
            <entity name="Post" syncable="YES"><relationship name="color" maxCount="1" deletionRule="Cascade" destinationEntity="Color" inverseName="post" inverseEntity="Color"/>
            """# + (changesType ? #"<attribute name="rank" optional="YES" attributeType="String"/>"# : rank) + "</entity>",
        ]
        return try InlineModel.write(name: "Split", versions: versions)
    }

    /// A copy of the sample model whose `Journal 3` renames `body` to `text` without a renaming identifier.
    static func journalWithoutRenamingIdentifier() throws -> String {
        let model = try TemporaryDirectory.make().appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.copyItem(atPath: Self.journal, toPath: model.path)
        let contents = model.appendingPathComponent("Journal 3.xcdatamodel/contents")
        let text = try String(contentsOf: contents, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #" elementID="body""#, with: "")
        #expect(edited != text, "the edit must remove the renaming identifier")
        try Data(edited.utf8).write(to: contents)
        return model.path
    }

    @Test("Text with a store: the drop is counted, the rename suggested, the step called lossy")
    func lossyWithStore() throws {
        let store = try JournalFixture.store(version: 2, entries: 40)
        let model = try Self.journalWithoutRenamingIdentifier()
        let result = try CLIRunner.run(["diff", model, "--from", "Journal 2", "--to", "Journal 3", "--store", store])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Journal 2 → Journal 3: inferable (lightweight)"))
        #expect(result.stdout.contains("  drops Entry.body (40 values)  LOSSY"))
        #expect(result.stdout.contains("Entry.text may be Entry.body renamed"))
        #expect(result.stdout.contains("This step is lossy for this store."))
    }

    @Test("--json: not inferable with the reason per property, and the conditions a store must meet")
    func jsonNotInferable() throws {
        let result = try CLIRunner.run(["diff", try Self.splitModel(), "--from", "v1", "--to", "v2", "--json"])
        #expect(result.status == 0)
        #expect(
            try CLIRunner.jsonKeys(result.stdout) == [
                "from", "to", "inferable", "lossy", "operations", "drops", "notInferable", "conditions", "suggestedRenames",
                "warnings", "mapping",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["inferable"] as? Bool == false)
        let reasons = try #require(object["notInferable"] as? [[String: String]])
        #expect(
            reasons == [
                [
                    "entity": "Post", "property": "rank",
                    "reason":
                        "type changes from Integer 16 to String; lightweight migration converts values only between numeric types, so this step needs a mapping that converts them",
                ]
            ])
        let conditions = try #require(object["conditions"] as? [[String: String]])
        #expect(
            conditions == [
                [
                    "kind": "noObjects", "entity": "Post", "property": "color", "sourceEntity": "Post",
                    "reason": "new required to-one relationship",
                ]
            ])
    }

    @Test("With a store: a condition its objects break is counted, and the step called not inferable for it")
    func conditionCountedInStore() throws {
        let model = try Self.splitModel(changesType: false)
        let store = try TemporaryDirectory.make().appendingPathComponent("Posts.sqlite").path
        let seeded = try CLIRunner.run(["seed", model, "--version", "v1", "--objects", "3", "--out", store])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let result = try CLIRunner.run(["diff", model, "--from", "v1", "--to", "v2", "--store", store])
        #expect(result.status == 0)
        #expect(result.stdout.contains("v1 → v2: inferable (lightweight), but not for this store"))
        #expect(
            result.stdout.contains(
                "  Post.color: new required to-one relationship; needs no Post objects (3 break it in the store)"))
        let empty = try TemporaryDirectory.make().appendingPathComponent("Empty.sqlite").path
        #expect(try CLIRunner.run(["seed", model, "--version", "v1", "--objects", "0", "--out", empty]).status == 0)
        let fine = try CLIRunner.run(["diff", model, "--from", "v1", "--to", "v2", "--store", empty])
        #expect(fine.stdout.hasPrefix("v1 → v2: inferable (lightweight)\n"))
        #expect(fine.stdout.contains("needs no Post objects (none breaks it in the store)"))
    }

    @Test("A store at another version is refused with exit code 4, naming the user's file")
    func wrongStore() throws {
        let store = try JournalFixture.store(version: 2, entries: 5)
        let result = try CLIRunner.run(["diff", Self.journal, "--from", "Journal 1", "--to", "Journal 2", "--store", store])
        #expect(result.status == 4)
        #expect(
            result.stderr == "cdmigrate: error: \(store): store is not at model version Journal 1 (version hashes differ)\n")
    }

    @Test("An unknown version is exit code 8 listing the versions")
    func unknownVersion() throws {
        let result = try CLIRunner.run(["diff", Self.journal, "--from", "v9", "--to", "Journal 2"])
        #expect(result.status == 8)
        #expect(result.stderr.hasPrefix("cdmigrate: error: \(Self.journal): no model version \"v9\" (versions: "))
    }
}
