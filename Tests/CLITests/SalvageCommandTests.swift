import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate salvage", DamageScript.required)
struct SalvageCommandTests {
    @Test("A damaged sample store: text and JSON reports, the new store verifies at the store's version")
    func damagedSample() throws {
        let store = try CLIRunner.sampleStore(version: 3, entries: 3000)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "3", "--at", "20"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let folder = try TemporaryDirectory.make()
        let text = try CLIRunner.run(
            [
                "salvage", damage.output, "--model", CLIRunner.sampleModel, "--output",
                folder.appendingPathComponent("a.sqlite").path,
            ])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(": at Journal 3 (version from its metadata)"))
        #expect(text.stdout.contains("\(3000 - lost) objects recovered"))
        #expect(text.stdout.contains("ZENTRY: unreadable keys"))
        let output = folder.appendingPathComponent("b.sqlite").path
        let json = try CLIRunner.run(["salvage", damage.output, "--model", CLIRunner.sampleModel, "--output", output, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try json.decoded(SalvageReport.self)
        #expect(report.recovered == 3000 - lost && report.version == "Journal 3" && report.output == output)
        let verify = try CLIRunner.run(["verify", output, "--model", CLIRunner.sampleModel])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("A -wal cut at a frame: text and JSON say which keys are missing and how many objects may have been lost")
    func logCutAtAFrame() throws {
        let store = try JournalFixture.walStore(version: 2, entries: 84)
        try JournalFixture.cutLog(store)
        let folder = try TemporaryDirectory.make()
        let text = try CLIRunner.run(
            ["salvage", store, "--model", CLIRunner.sampleModel, "--out", folder.appendingPathComponent("a.sqlite").path])
        #expect(text.status == 0, "\(text.stderr)")
        let json = try CLIRunner.run(
            [
                "salvage", store, "--model", CLIRunner.sampleModel, "--out", folder.appendingPathComponent("b.sqlite").path,
                "--json",
            ])
        let report = try json.decoded(SalvageReport.self)
        let kept = report.recovered
        #expect(kept > 0 && kept < 84)
        #expect(report.tables.first { $0.table == "ZENTRY" }?.gaps == [KeyRange(lower: Int64(kept) + 1, upper: 84)])
        #expect(report.entities.first { $0.entity == "Entry" }?.mayHaveBeenLost == Int64(84 - kept))
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ZENTRY: keys \(kept + 1)–84 missing, their pages read: lost or deleted by the app"))
        #expect(
            lines.last
                == "\(kept) objects recovered, none counted as lost (no intact index counts them), up to \(84 - kept) more may "
                + "have been lost (keys handed out that no object read carries)")
    }

    @Test(
        "A WAL store cut short under its -wal: inspect points to salvage, never to moving the log aside; salvage keeps the log's objects"
    )
    func cutUnderItsLog() throws {
        // The 200 entries saved last live only in the -wal: moving it aside, as this error once advised, loses them.
        let store = try JournalFixture.walStore(version: 3, entries: 3000, late: 200)
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "50", "--whole-pages"])
        let inspect = try CLIRunner.run(["inspect", damage.output, "--model", CLIRunner.sampleModel])
        #expect(inspect.status == 5)
        let line = try #require(inspect.stderr.split(separator: "\n").last.map(String.init))
        #expect(
            line.hasPrefix(
                "cdmigrate: error: \(damage.output): the -wal does not belong to this store, or the database under it is damaged: "
            ), "\(line)")
        #expect(line.hasSuffix("; salvage it into a new store: cdmigrate salvage STORE --out NEW"), "\(line)")
        #expect(!line.contains("aside"), "\(line)")
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let json = try CLIRunner.run(["salvage", damage.output, "--model", CLIRunner.sampleModel, "--out", output, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        // The 200 entries only the log holds are all kept (the file's cut half is lost).
        let late = try DatabaseQueue(path: output).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY WHERE Z_PK > 3000")
        }
        #expect(late == 200)
    }

    @Test("Not SQLite (4), missing (3), an existing output (7): one line naming the file, nothing written")
    func errors() throws {
        let folder = try TemporaryDirectory.make()
        let text = folder.appendingPathComponent("notes.sqlite").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data("just some notes\n".utf8)))
        let output = folder.appendingPathComponent("out.sqlite").path
        let cases: [([String], Int32, String)] = [
            (["salvage", text, "--output", output], 4, "\(text): not an SQLite database (no SQLite header)"),
            (["salvage", text + ".none", "--output", output], 3, "\(text).none: no such file"),
            (
                ["salvage", try CLIRunner.sampleStore(version: 1, entries: 5), "--output", text], 7,
                "\(text): refusing to overwrite an existing file"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == status)
            #expect(result.stderr == "cdmigrate: error: \(message)\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.sqlite"])
    }

    @Test("A damaged sample store alone (no model but its cache): the cache is the evidence, the UUID kept")
    func storeOnlySample() throws {
        let store = try CLIRunner.sampleStore(version: 3, entries: 3000)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "2", "--at", "30"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        #expect(lost > 0)
        let output = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        let result = try CLIRunner.run(["salvage", damage.output, "--output", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.decoded(SalvageReport.self)
        #expect(report.evidence == .modelCache)
        #expect(report.version == ModelCacheDecoder.versionName, "the version is the cached model, not a named one")
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        #expect(entry.recovered == 3000 - lost)
        let contents = try StoreReader.read(path: output)
        #expect(contents.rows(of: "Entry") == 3000 - lost)
        #expect(contents.metadata.uuid == (try StoreReader.read(path: store)).metadata.uuid)
        let verify = try CLIRunner.run(["verify", output, "--model", CLIRunner.sampleModel])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("coredataplus-books from the store alone (its model cache), a page table damaged", Corpus.required)
    func storeOnlyBooks() throws {
        let store = try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite")
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZPAGE", "--pages", "2"])
        let lost = try #require(damage.hit?["ZPAGE"]).leafCells
        let output = try TemporaryDirectory.make().appendingPathComponent("Books.sqlite").path
        let result = try CLIRunner.run(["salvage", damage.output, "--output", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.decoded(SalvageReport.self)
        #expect(report.evidence == .modelCache)
        let page = try #require(report.entities.first { $0.entity == "Page" })
        #expect(page.found == 4970 && page.recovered == 4970 - lost && page.lost == lost)
        #expect(report.entities.first { $0.entity == "Book" }?.recovered == 51)
        let contents = try StoreReader.read(path: output)
        #expect(contents.rows(of: "Page") == 4970 - lost)
        #expect(contents.metadata.uuid == (try StoreReader.read(path: store)).metadata.uuid)
    }
}
