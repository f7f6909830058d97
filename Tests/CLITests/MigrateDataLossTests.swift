import Foundation
import GRDB
import TestSupport
import Testing

/// Data loss needs its own yes: a chain that deletes data this store holds runs without a terminal only with
/// `--allow-data-loss`, and what it deletes is counted in the store (an empty entity or an attribute without
/// values loses nothing). The chain: the sample model with `Journal 3`'s rename of `body` undone, so that
/// Journal 2 → Journal 3 drops `Entry.body`.
@Suite("migrate: data loss needs its own yes", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct MigrateDataLossTests {
    /// The lossy model; with `dropsFavorite`, `Journal 3` also drops `favorite`, which `Journal 2` added.
    static func model(dropsFavorite: Bool = false) throws -> String {
        let model = try DiffCommandTests.journalWithoutRenamingIdentifier()
        guard dropsFavorite else { return model }
        let contents = URL(fileURLWithPath: model).appendingPathComponent("Journal 3.xcdatamodel/contents")
        let text = try String(contentsOf: contents, encoding: .utf8)
        let edited = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains(#"name="favorite""#) }.joined(separator: "\n")
        #expect(edited != text, "the edit must remove Journal 3's favorite")
        try Data(edited.utf8).write(to: contents)
        return model
    }

    @Test("--yes alone refuses a chain that deletes 40 values with exit 11, naming the loss; nothing is changed")
    func yesAloneRefused() throws {
        let store = try JournalFixture.store(version: 2, entries: 40)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let result = try CLIRunner.run(["migrate", store, "--model", try Self.model(), "--to", "Journal 3", "--yes"])
        #expect(result.status == 11, "\(result.stderr)")
        #expect(
            result.stderr
                == "cdmigrate: error: \(store): the chain deletes data the store holds (Journal 2 → Journal 3 drops "
                + "Entry.body (40 values)); nothing was changed; pass --allow-data-loss to run it anyway\n")
        #expect(result.stdout.contains("[inferred, LOSES DATA]"))
        #expect(result.stdout.contains("     warning: drops Entry.body (40 values)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)

        let allowed = try CLIRunner.run(
            ["migrate", store, "--model", try Self.model(), "--to", "Journal 3", "--yes", "--allow-data-loss"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("migrated; backup at"))
    }

    @Test("An empty entity's attribute, or one without values, loses nothing: --yes runs it, with no warning")
    func nothingToLose() throws {
        let empty = try JournalFixture.store(version: 2, entries: 0)
        let valueless = try JournalFixture.store(version: 2, entries: 12)
        let queue = try DatabaseQueue(path: valueless)
        try queue.write { try $0.execute(sql: #"UPDATE "ZENTRY" SET "ZBODY" = NULL"#) }
        try queue.close()
        for store in [empty, valueless] {
            let result = try CLIRunner.run(["migrate", store, "--model", try Self.model(), "--to", "Journal 3", "--yes"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("LOSES DATA"), "\(result.stdout)")
            #expect(!result.stdout.contains("warning: drops"), "\(result.stdout)")
            #expect(!result.stdout.contains("loses data"), "\(result.stdout)")
            #expect(result.stdout.contains("migrated; backup at"))
        }
    }

    @Test("A later step's drop is counted under the store's names; what the chain added on the way holds nothing")
    func tracedThroughTheChain() throws {
        let store = try JournalFixture.store(version: 1, entries: 7)
        let model = try Self.model(dropsFavorite: true)
        let result = try CLIRunner.run(["plan", store, "--model", model, "--to", "Journal 3", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let losses = try #require(object["dataLoss"] as? [[String: Any]])
        #expect(losses.count == 1)
        #expect(losses.first?["from"] as? String == "Journal 2")
        let drops = try #require(losses.first?["drops"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: drops.map { ($0["property"] as? String ?? "", $0["count"] as? Int) })
        #expect(counts == ["body": 7, "favorite": 0])
        // The plan's warnings name only what the store loses.
        let text = try CLIRunner.run(["plan", store, "--model", model, "--to", "Journal 3"])
        #expect(text.stdout.contains("     warning: drops Entry.body (7 values)"))
        #expect(!text.stdout.contains("drops Entry.favorite"), "\(text.stdout)")
    }

    @Test("--json: a dataLoss line carries the counts, and the refusal is one JSON error with the remedy")
    func json() throws {
        let store = try JournalFixture.store(version: 2, entries: 5)
        let result = try CLIRunner.run(
            ["migrate", store, "--model", try Self.model(), "--to", "Journal 3", "--yes", "--json"])
        #expect(result.status == 11)
        let line = try #require(result.stdout.split(separator: "\n").first)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(event["event"] as? String == "dataLoss")
        #expect(event["losesData"] as? Bool == true)
        let step = try #require((event["steps"] as? [[String: Any]])?.first)
        let drop = try #require((step["drops"] as? [[String: Any]])?.first)
        #expect(drop["entity"] as? String == "Entry")
        #expect(drop["property"] as? String == "body")
        #expect(drop["count"] as? Int == 5)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        #expect((error["remedy"] as? String)?.contains("--allow-data-loss") == true, "\(result.stderr)")
        // A dry run deletes nothing and needs no consent.
        let dry = try CLIRunner.run(
            ["migrate", store, "--model", try Self.model(), "--to", "Journal 3", "--dry-run", "--json"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains(#""count":5"#))
    }
}
