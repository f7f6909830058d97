import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Each kind of damage `Scripts/damage_store.py` makes, on generated sample-app stores: salvage recovers
/// exactly the rows that were not on damaged pages, the new store verifies at the store's version, and the
/// damaged store is left byte for byte as it was.
@Suite("Salvage of damaged stores", DamageScript.required)
struct StoreSalvageTests {
    static let project = Result { try MigrationProject(bundle: SampleJournalStore.bundle) }

    /// Salvages `damaged` into a new file, checking that the damaged files are unchanged and the result verifies.
    static func salvage(_ damaged: String, version: String) throws -> (SalvageReport, String) {
        let before = try FolderFingerprint(folderOf: damaged)
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let report = try project.get().salvage(store: damaged, to: output)
        #expect(try FolderFingerprint(folderOf: damaged) == before, "the damaged store was written")
        #expect(report.version == version)
        #expect(try project.get().verify(store: output).version == version)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: URL(fileURLWithPath: output).deletingLastPathComponent().path)
        #expect(leftovers == ["Salvaged.sqlite"])
        return (report, output)
    }

    @Test("Zeroed leaf pages: every row on the other pages is recovered and the ids lost are named")
    func leafPages() throws {
        let store = try SalvageFixture.journal3(entries: 3000)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "2", "--at", "40"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let (report, _) = try Self.salvage(damage.output, version: "Journal 3")
        #expect(report.recovered == 3000 - lost)
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(table.unreadable.count == 1)
        #expect(table.lostAtMost == Int64(lost))
    }

    @Test("A file cut at 60%: every row on the pages before the cut is recovered")
    func truncated() throws {
        let store = try SalvageFixture.journal3(entries: 3000)
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "60", "--whole-pages"])
        let hit = try #require(damage.hit?["ZENTRY"])
        try #require(hit.innerPages == 0, "the cut took an interior page: the expectation below does not hold")
        let (report, _) = try Self.salvage(damage.output, version: "Journal 3")
        #expect(report.recovered == 3000 - hit.leafCells)
        #expect(report.notes.contains { $0.hasPrefix("the file ends after page") })
    }

    @Test(
        "Zeroed and scrambled pages mid-file: objects on them are lost, references to them cleared",
        arguments: ["zero", "scramble"])
    func middlePages(_ kind: String) throws {
        let store = try SalvageFixture.journal4(entries: 4000, authors: 300)
        let damage = try DamageScript.damage(store, [kind, "--pages", "6", "--at", "55", "--seed", "7"])
        let (report, output) = try Self.salvage(damage.output, version: "Journal 4")
        for (table, entity, total) in [("ZENTRY", "Entry", 4000), ("ZAUTHOR", "Author", 300)] {
            let lost = damage.hit?[table]?.leafCells ?? 0
            #expect(report.entities.first { $0.entity == entity }?.recovered == total - lost, "\(entity)")
        }
        #expect(report.recovered < 4300, "the damage hit no entity page; pick other pages")
        let cleared = try SalvageFixture.authorsLost(original: store, salvaged: output)
        #expect(report.danglingReferences.first { $0.entity == "Entry" && $0.relationship == "author" }?.cleared ?? 0 == cleared)
        #expect(report.entities.first { $0.entity == "Entry" }?.danglingCleared == cleared)
    }

    @Test("A lost interior page: the rows on the leaves below it are found page by page, values intact")
    func interiorPage() throws {
        let store = try SalvageFixture.journal4(entries: 4000, authors: 300)
        let damage = try DamageScript.damage(store, ["interior", "--table", "ZENTRY"])
        #expect(damage.hit?["ZENTRY"]?.innerPages == 1)
        let (report, output) = try Self.salvage(damage.output, version: "Journal 4")
        #expect(report.recovered == 4300)
        #expect(report.tables.first { $0.table == "ZENTRY" }?.fromLoosePages ?? 0 > 0)
        let rows = "SELECT Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZCREATED, ZTITLE, ZTEXT, ZAUTHOR FROM ZENTRY ORDER BY Z_PK"
        let original = try DatabaseQueue(path: store).read { try Row.fetchAll($0, sql: rows) }
        #expect(try DatabaseQueue(path: output).read { try Row.fetchAll($0, sql: rows) } == original)
    }

    @Test("A damaged index: every row is recovered (rows are never read through an index)")
    func damagedIndex() throws {
        let store = try SalvageFixture.journal4(entries: 4000, authors: 300)
        let damage = try DamageScript.damage(store, ["index", "--index", "ZENTRY_ZAUTHOR_INDEX"])
        #expect(damage.hit?["ZENTRY_ZAUTHOR_INDEX"]?.leafPages == 1)
        let (report, _) = try Self.salvage(damage.output, version: "Journal 4")
        #expect(report.recovered == 4300)
        #expect(report.danglingReferences.isEmpty)
        // The damaged index cannot count Entry's objects; Author's has none, so it is uncounted too.
        #expect(report.entities.allSatisfy { $0.found == nil && $0.lost == nil })
    }

    @Test("Intact tables are counted through their index, so what is lost is known exactly")
    func countedThroughIndex() throws {
        let store = try SalvageFixture.journal4(entries: 4000, authors: 300)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "1", "--at", "70"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let (report, _) = try Self.salvage(damage.output, version: "Journal 4")
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        #expect(entry.found == 4000 && entry.lost == lost)
    }

    @Test("A -wal damaged mid-file: the transactions before the damage are recovered, the loss is reported")
    func damagedLog() throws {
        let store = try SalvageFixture.journal3InWAL(entries: 1000, transactions: 8, rowsEach: 50)
        let damage = try DamageScript.damage(store, ["wal"])
        // Switching the store to WAL commits a frame of its own before the eight transactions.
        let earlier = try #require(damage.commitFrames).count - 8
        let kept = try #require(damage.transactionsKept) - earlier
        #expect(kept > 0 && kept < 8)
        let (report, _) = try Self.salvage(damage.output, version: "Journal 3")
        #expect(report.recovered == 1000 + 50 * kept)
        #expect(report.notes.contains { $0.contains("-wal is damaged") })
    }

    @Test("An overwritten header is rebuilt in the private copy: every row is recovered", arguments: [3, 4])
    func overwrittenHeader(_ version: Int) throws {
        let store =
            try version == 3 ? SalvageFixture.journal3(entries: 2000) : SalvageFixture.journal4(entries: 2000, authors: 50)
        let damage = try DamageScript.damage(store, ["header"])
        let (report, _) = try Self.salvage(damage.output, version: "Journal \(version)")
        #expect(report.recovered == (version == 3 ? 2000 : 2050))
        #expect(report.notes.contains { $0.contains("header was unreadable and was rebuilt") })
    }

    @Test("Z_METADATA lost: the version is told from the model cache, or from the tables without it; a new UUID")
    func metadataLost() throws {
        let store = try SalvageFixture.journal3(entries: 500)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "Z_METADATA", "--pages", "1"])
        #expect(try Self.salvage(damage.output, version: "Journal 3").0.evidence == .modelCache)
        let cacheLost = try DamageScript.damage(damage.output, ["leaf", "--table", "Z_MODELCACHE", "--pages", "1"])
        let (report, output) = try Self.salvage(cacheLost.output, version: "Journal 3")
        #expect(report.evidence == .tableLayout)
        #expect(report.recovered == 500)
        #expect(report.notes.contains { $0.hasPrefix("Z_METADATA is unreadable") })
        #expect(report.notes.contains { $0.contains("new store has a new one") })
        #expect(try StoreReader.read(path: output).metadata.uuid != StoreReader.read(path: store).metadata.uuid)
    }

    @Test("A required to-one whose object was lost: the object is left out, so the store still verifies")
    func requiredRelationshipOwnModel() throws {
        let bundle = try SalvageFixture.requiredAuthorBundle()
        let model = try #require(bundle.version(named: "Journal 4"))
        #expect(model.entity(named: "Entry")?.relationships.first { $0.name == "author" }?.isOptional == false)
        // Ten entries per author: entry i is by author i mod 300 + 1.
        let store = try SalvageFixture.journal4(entries: 3000, authors: 300, model: model)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZAUTHOR", "--pages", "1"])
        let lost = try #require(damage.hit?["ZAUTHOR"]).leafCells
        #expect(lost > 0 && lost < 300)
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let project = try MigrationProject(bundle: bundle)
        let report = try project.salvage(store: damage.output, to: output)
        #expect(try project.verify(store: output).version == "Journal 4")
        #expect(report.entities.first { $0.entity == "Author" }?.recovered == 300 - lost)
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        #expect(entry.dropped == 10 * lost && entry.recovered == 3000 - 10 * lost && entry.lost == 10 * lost)
        #expect(
            report.danglingReferences.contains {
                $0.entity == "Entry" && $0.relationship == "author" && $0.droppedObjects == 10 * lost
            })
        let orphans = try DatabaseQueue(path: output).read { db in
            try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZENTRY" WHERE "ZAUTHOR" NOT IN (SELECT "Z_PK" FROM "ZAUTHOR")"#)
        }
        #expect(orphans == 0)
    }

    @Test(
        "Apple's store: a required to-one whose object was lost leaves its object out, so the store still verifies",
        Corpus.required)
    func requiredRelationship() throws {
        let bundle = try ModelLoader.load(path: Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"))
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZCOLOR", "--pages", "1"])
        let lost = try #require(damage.hit?["ZCOLOR"]).leafCells
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let project = try MigrationProject(bundle: bundle)
        let report = try project.salvage(store: damage.output, to: output)
        #expect(try project.verify(store: output).version == "CoreDataMigration_Example 3")
        let post = try #require(report.entities.first { $0.entity == "Post" })
        // Every post has its own color (the v2 → v3 split), so each lost color takes its post with it.
        #expect(report.entities.first { $0.entity == "Color" }?.recovered == 7995 - lost)
        #expect(post.dropped == lost && post.recovered == 7995 - lost && post.lost == lost)
        #expect(
            report.danglingReferences.contains { $0.entity == "Post" && $0.relationship == "color" && $0.droppedObjects == lost })
    }

    @Test(
        "Apple's store cut inside a page: the cells cut off are not read as rows, nothing is read twice",
        Corpus.required, arguments: [34, 40, 42, 44, 46, 66])
    func cutInsideAPage(_ percent: Int) throws {
        // Before the fix, cells whose bytes were cut off read as rows with id 0 between real rows; taking one
        // moved the walk back to the start of the table and failed on "UNIQUE constraint failed: ZPOST.Z_PK".
        let bundle = try ModelLoader.load(path: Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"))
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "\(percent)"])
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let project = try MigrationProject(bundle: bundle)
        let report = try project.salvage(store: damage.output, to: output)
        #expect(try project.verify(store: output).version == "CoreDataMigration_Example 3")
        let queue = try DatabaseQueue(path: output)
        let keys = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT Z_PK FROM ZPOST") }
        #expect(!keys.contains { $0 < 1 }, "a damaged cell was taken as an object")
        #expect(report.entities.first { $0.entity == "Post" }?.recovered == keys.count)
        // A cell cut in its values kept its id: its post would come back with a zeroed identifier.
        let torn = try queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM ZPOST WHERE length(CAST(ZPOSTID AS BLOB)) != 36 OR instr(ZPOSTID, char(0)) > 0")
        }
        #expect(torn == 0, "a cell cut off in its values was taken as an object")
        #expect(report.notes.contains { $0.contains("was cut through") })
    }

    @Test("A file that is not SQLite, a missing file and an existing output are one-line errors naming the file")
    func refusals() throws {
        let folder = try TemporaryDirectory.make()
        let text = folder.appendingPathComponent("notes.sqlite").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data(String(repeating: "text ", count: 300).utf8)))
        let output = folder.appendingPathComponent("out.sqlite").path
        for (path, code) in [(text, StoreError.Code.notSQLite), (folder.appendingPathComponent("none.sqlite").path, .notFound)] {
            #expect {
                try Self.project.get().salvage(store: path, to: output)
            } throws: { error in
                (error as? StoreError)?.code == code && "\(error)".hasPrefix(path + ": ") && !"\(error)".contains("\n")
            }
        }
        let store = try SalvageFixture.journal3(entries: 10)
        #expect(FileManager.default.createFile(atPath: output, contents: Data("keep".utf8)))
        #expect {
            try Self.project.get().salvage(store: store, to: output)
        } throws: { error in
            (error as? SalvageError)?.description == "\(output): refusing to overwrite an existing file"
        }
        #expect(FileManager.default.contents(atPath: output) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.sqlite", "out.sqlite"])
    }
}
