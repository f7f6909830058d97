import Foundation
import TestSupport
import Testing

/// `cdmigrate seed` as an app team uses it: a fixture store at a chosen version that `verify` accepts, the
/// same for the same seed, and one clear error line for what it refuses.
@Suite("seed command", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SeedCommandTests {
    @Test("seed writes a store at the version asked for, verify accepts it, the same seed gives the same bytes")
    func seedsAndVerifies() throws {
        let folder = try TemporaryDirectory.make()
        let model = try ManyVersionModel.write(versions: 3, in: folder)
        let first = folder.appendingPathComponent("A.sqlite").path
        let seeded = try CLIRunner.run(["seed", model, "--version", "V2", "--objects", "25", "--seed", "9", "--out", first])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(seeded.stdout == "wrote \(first): a V2 store with 25 objects (25 of each of 1 entities, seed 9)\n")
        let verified = try CLIRunner.run(["verify", first, "--model", model])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("a valid V2 store"))
        let second = folder.appendingPathComponent("B.sqlite").path
        let again = try CLIRunner.run([
            "seed", model, "--version", "V2", "--objects", "25", "--seed", "9", "--out", second, "--json",
        ])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"version\" : \"V2\""))
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    }

    /// A required one-to-one held by a transaction and its sub-entity needs a hash for each (DashSync 20's
    /// shape): the seeder makes 6 hashes for 3 of each entity, and the line says so rather than "3 of each".
    @Test("seed names the entities it made more of for a required one-to-one")
    func grownEntitiesNamed() throws {
        let model = try InlineModel.write(
            name: "Chain",
            versions: [
                "V1": """
                <entity name="Hash" syncable="YES"><attribute name="digest" optional="YES" attributeType="String"/>\
                <relationship name="transaction" optional="YES" maxCount="1" destinationEntity="Transaction" \
                inverseName="hash" inverseEntity="Transaction"/></entity>\
                <entity name="Special" parentEntity="Transaction" syncable="YES">\
                <attribute name="kind" optional="YES" attributeType="String"/></entity>\
                <entity name="Transaction" syncable="YES"><attribute name="amount" optional="YES" attributeType="Integer 64"/>\
                <relationship name="hash" maxCount="1" destinationEntity="Hash" inverseName="transaction" \
                inverseEntity="Hash"/></entity>
                """
            ], current: "V1")
        let out = try TemporaryDirectory.make().appendingPathComponent("Chain.sqlite").path
        let seeded = try CLIRunner.run(["seed", model, "--objects", "3", "--seed", "2", "--out", out])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(
            seeded.stdout
                == "wrote \(out): a V1 store with 12 objects (3 of each of 3 entities, 6 Hash for required one-to-ones, seed 2)\n"
        )
        let verified = try CLIRunner.run(["verify", out, "--model", model])
        #expect(verified.status == 0, "\(verified.stderr)")
    }

    @Test("an existing store, an unknown version or a bad count is one error line, and nothing is written")
    func refusals() throws {
        let folder = try TemporaryDirectory.make()
        let model = try ManyVersionModel.write(versions: 2, in: folder)
        let store = folder.appendingPathComponent("S.sqlite").path
        #expect(try CLIRunner.run(["seed", model, "--objects", "2", "--out", store]).status == 0)
        let before = FileManager.default.contents(atPath: store)
        let existing = try CLIRunner.run(["seed", model, "--objects", "2", "--out", store])
        #expect(existing.status != 0)
        #expect(existing.stderr == "cdmigrate: error: \(store): is an SQLite database; refusing to replace it\n")
        #expect(FileManager.default.contents(atPath: store) == before)
        let other = folder.appendingPathComponent("T.sqlite").path
        let unknown = try CLIRunner.run(["seed", model, "--version", "V9", "--objects", "2", "--out", other])
        #expect(unknown.status != 0 && unknown.stderr.contains("no version \"V9\""))
        let count = try CLIRunner.run(["seed", model, "--objects", "2000000", "--out", other])
        #expect(count.status == 64 && count.stderr.contains("--objects must be between 0 and"))
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
