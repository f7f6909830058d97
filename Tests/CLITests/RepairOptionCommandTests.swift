import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// `migrate` and `salvage` on a store with one object that breaks its model (issue 32 item 5): without
/// `--repair`, exit 10 and one line naming the store, the object and the rule, with the option as the
/// remedy; with it, every change listed in text and JSON, and the result verifies.
@Suite("--repair on migrate and salvage")
struct RepairOptionCommandTests {
    /// A copy of `store` with `statement` run on it.
    static func broken(_ store: String, _ statement: String) throws -> String {
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: statement) }
        try queue.close()
        return store
    }

    @Test("A required to-one left empty (wibosco-colors v3): refused by both, set aside by both with --repair", Corpus.required)
    func requiredToOne() throws {
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        let relative = "wibosco-colors/stores/CoreDataMigration_Example_3.sqlite"
        let store = try Self.broken(try Corpus.copyStore(relative), "UPDATE ZPOST SET ZCOLOR = NULL WHERE Z_PK = 5")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let refused = try CLIRunner.run(["migrate", store, "--model", model, "--yes"])
        #expect(refused.status == 10)
        let line = try #require(refused.stderr.split(separator: "\n").last.map(String.init))
        #expect(
            line.hasPrefix(
                "cdmigrate: error: \(store): Post 5 breaks CoreDataMigration_Example 3: required to-one color is empty; nothing was changed"
            ))
        #expect(line.contains("--repair"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.status == 10)
        #expect(verify.stderr.contains("\(store): Post 5 breaks CoreDataMigration_Example 3: required to-one color is empty"))

        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let salvage = try CLIRunner.run(["salvage", store, "--model", model, "--output", output])
        #expect(salvage.status == 10)
        #expect(salvage.stderr.contains("\(store): Post 5 breaks CoreDataMigration_Example 3: required to-one color is empty"))
        #expect(!FileManager.default.fileExists(atPath: output))

        let salvaged = try CLIRunner.run(["salvage", store, "--model", model, "--output", output, "--repair", "--json"])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        let report = try salvaged.decoded(SalvageReport.self)
        let side = folder.appendingPathComponent("Salvaged-set-aside.sqlite").path
        #expect(report.repairs?.sideStore == side)
        #expect(report.repairs?.changes.map(\.text).first == "Post 5 color: required to-one color is empty: empty → set aside")
        #expect(try CLIRunner.run(["verify", output, "--model", model]).status == 0)

        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--yes", "--repair"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("  repaired: Post 5 color: required to-one color is empty: empty → set aside"))
        #expect(migrated.stdout.contains("  repaired: Color 5969 post: post names no Post object: Post 5 → empty"))
        #expect(try CLIRunner.run(["verify", store, "--model", model]).status == 0)
        let history = try CLIRunner.run(["history", store, "--json"])
        #expect(history.stdout.contains("\"setAside\""))
    }

    @Test("A required attribute left empty (sample app, Journal 2): --repair gives it the model's default, in JSON events")
    func requiredAttribute() throws {
        let store = try Self.broken(
            try CLIRunner.sampleStore(version: 2, entries: 30), "UPDATE ZENTRY SET ZFAVORITE = NULL WHERE Z_PK = 3")
        let refused = try CLIRunner.run(["migrate", store, "--model", CLIRunner.sampleModel, "--to", "Journal 3", "--yes"])
        #expect(refused.status == 10)
        #expect(refused.stderr.contains("\(store): Entry 3 breaks Journal 2: required attribute favorite is empty"))
        let repaired = try CLIRunner.run([
            "migrate", store, "--model", CLIRunner.sampleModel, "--to", "Journal 3", "--yes", "--repair", "--json",
        ])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let event = try #require(repaired.stdout.split(separator: "\n").first { $0.contains("\"event\":\"repaired\"") })
        let repairs = try JSONDecoder().decode(RepairedEvent.self, from: Data(event.utf8)).repairs
        #expect(repairs.changes.count == 1)
        #expect(repairs.changes.first?.action == .defaulted)
        #expect(repairs.changes.first?.new == "0 (the model's default)")
        #expect(try CLIRunner.run(["verify", store, "--model", CLIRunner.sampleModel]).status == 0)
    }

    @Test(
        "salvage of an undamaged store whose required to-one names no object (wibosco-colors v3): exit 10 without --repair, each change listed with it",
        Corpus.required)
    func salvageRequiredToOneNamingNoObject() throws {
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        let relative = "wibosco-colors/stores/CoreDataMigration_Example_3.sqlite"
        let store = try Self.broken(try Corpus.copyStore(relative), "UPDATE ZPOST SET ZCOLOR = 99999 WHERE Z_PK = 6")
        let color = try DatabaseQueue(path: store).read { try Int64.fetchOne($0, sql: "SELECT Z_PK FROM ZCOLOR WHERE ZPOST = 6") }
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let refused = try CLIRunner.run(["salvage", store, "--model", model, "--output", output])
        #expect(refused.status == 10)
        let line = try #require(refused.stderr.split(separator: "\n").last.map(String.init))
        #expect(
            line.hasPrefix(
                "cdmigrate: error: \(store): Post 6 breaks CoreDataMigration_Example 3: required to-one color names no Color object (color is Color 99999); nothing was changed"
            ), "\(line)")
        #expect(line.contains("--repair"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let listed = [
            "Post 6 color: required to-one color names no Color object: Color 99999 → set aside",
            "Color \(color ?? 0) post: post names no Post object: Post 6 → empty",
        ]
        let json = try CLIRunner.run(["salvage", store, "--model", model, "--output", output, "--repair", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try json.decoded(SalvageReport.self)
        #expect(report.repairs?.changes.map(\.text) == listed)
        #expect(report.repairs?.setAside == 1)
        #expect(report.danglingReferences.isEmpty)
        #expect(try CLIRunner.run(["verify", output, "--model", model]).status == 0)

        let again = folder.appendingPathComponent("Again.sqlite").path
        let text = try CLIRunner.run(["salvage", store, "--model", model, "--output", again, "--repair"])
        #expect(text.status == 0, "\(text.stderr)")
        for change in listed { #expect(text.stdout.contains("  repaired: \(change)"), "\(text.stdout)") }
    }

    struct RepairedEvent: Decodable {
        var repairs: RepairReport
    }
}

/// `cdmigrate repair` (issue 32 item 6) on the wibosco-colors v3 store with its Post hash garbled.
@Suite("cdmigrate repair", Corpus.required)
struct RepairCommandTests {
    @Test("Into a new store (JSON) and in place (text): identified by its tables, verifies after; an unknown version exits 8")
    func garbledHash() throws {
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        let store = try RepairOptionCommandTests.broken(
            try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite"),
            "UPDATE Z_METADATA SET Z_PLIST = CAST(replace(CAST(Z_PLIST AS TEXT), 'Post', 'Pots') AS BLOB)")
        #expect(try CLIRunner.run(["verify", store, "--model", model]).status != 0)
        let output = try TemporaryDirectory.make().appendingPathComponent("Repaired.sqlite").path
        let json = try CLIRunner.run(["repair", store, "--model", model, "--out", output, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try json.decoded(StoreRepairReport.self)
        #expect(report.version == "CoreDataMigration_Example 3" && report.evidence == .tableLayout)
        #expect(try CLIRunner.run(["verify", output, "--model", model]).status == 0)
        let text = try CLIRunner.run(["repair", store, "--model", model])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("\(store) → in place: at CoreDataMigration_Example 3 (version from its tables"))
        #expect(text.stdout.contains("backup "))
        #expect(try CLIRunner.run(["verify", store, "--model", model]).status == 0)
        let unknown = try CLIRunner.run(["repair", store, "--model", model, "--version", "Nope"])
        #expect(unknown.status == 8)
        #expect(unknown.stderr == "cdmigrate: error: \(store): no version \"Nope\" in \(model)\n")
    }
}
