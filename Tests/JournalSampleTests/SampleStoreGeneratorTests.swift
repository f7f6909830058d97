import Foundation
import GRDB
import JournalSample
import MigrationEngine
import TestSupport
import Testing

@Suite("Sample store generator")
struct SampleStoreGeneratorTests {
    func journal(_ version: String) throws -> ObjectModel {
        let bundle = try ModelLoader.load(path: Corpus.packageRoot.appendingPathComponent("Examples/Journal.xcdatamodeld").path)
        return try #require(bundle.version(named: version))
    }

    @Test("The generated store is a valid Journal 1 store with exactly the entries asked for", arguments: [0, 1, 2_500])
    func validJournalOne(_ entries: Int) throws {
        let model = try journal("Journal 1")
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: model, entries: entries).write(to: store)
        try StoreValidator(model: model).validate(store, expectedCounts: ["Entry": entries])
        let maximum = try DatabaseQueue(path: store).read {
            try Int.fetchOne($0, sql: #"SELECT "Z_MAX" FROM "Z_PRIMARYKEY" WHERE "Z_NAME" = 'Entry'"#)
        }
        #expect(maximum == entries)
    }

    @Test("Entries look like a journal: most name one of a few authors to merge, moods 0–4, titled bodies")
    func realisticRows() throws {
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: try journal("Journal 1"), entries: 1_000).write(to: store)
        let row = try DatabaseQueue(path: store).read { db in
            try Row.fetchOne(
                db,
                sql: #"""
                    SELECT COUNT("ZAUTHOR") AS "named", COUNT(DISTINCT "ZAUTHOR") AS "authors", MIN("ZMOOD") AS "low",
                        MAX("ZMOOD") AS "high", COUNT(DISTINCT "ZBODY") AS "bodies",
                        SUM("ZTITLE" = 'Entry ' || "Z_PK" || ': ' || substr("ZBODY", 1, length("ZTITLE") - length('Entry ' || "Z_PK" || ': '))) AS "titled",
                        MIN("ZCREATED") AS "first"
                    FROM "ZENTRY"
                    """#)
        }
        let named: Int = try #require(row)["named"]
        #expect((850...950).contains(named))
        #expect(row?["authors"] == 12)
        #expect(row?["low"] == 0 && row?["high"] == 4)
        #expect((row?["bodies"] as Int?) ?? 0 > 800)
        #expect(row?["titled"] == 1_000)
        #expect(row?["first"] == 600_003_600.0)
    }

    @Test("The same seed gives the same store; another seed a different one", arguments: ["Journal 1", "Journal 3"])
    func deterministic(_ version: String) throws {
        let model = try journal(version)
        let folder = try TemporaryDirectory.make()
        func contents(_ name: String, seed: UInt64) throws -> [Row] {
            let store = folder.appendingPathComponent(name).path
            try SampleStoreGenerator(model: model, entries: 200, seed: seed).write(to: store)
            return try DatabaseQueue(path: store).read { try Row.fetchAll($0, sql: #"SELECT * FROM "ZENTRY" ORDER BY "Z_PK""#) }
        }
        let first = try contents("a.sqlite", seed: 7)
        #expect(first.count == 200)
        #expect(try contents("b.sqlite", seed: 7) == first)
        #expect(try contents("c.sqlite", seed: 8) != first)
    }
}
