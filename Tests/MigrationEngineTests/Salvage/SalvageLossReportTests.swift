import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Issue 32 item 3: the report says what was lost or may have been. Every key from 1 to `Z_MAX` named an
/// object once, so the keys no object read carries are listed: as unreadable where SQLite reported damage,
/// as gaps where the pages read but no row was there (lost where no read fails, or deleted by the app), and
/// counted as "may have been lost" beside the objects an index proves lost.
@Suite("Salvage reports what may have been lost")
struct SalvageLossReportTests {
    static func salvage(_ store: String, version: String) throws -> (SalvageReport, String) {
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let report = try project.salvage(store: store, to: output)
        #expect(try project.verify(store: output).version == version)
        return (report, output)
    }

    static func keys(_ store: String, _ table: String = "ZENTRY") throws -> [Int64] {
        try DatabaseQueue(path: store).read { try Int64.fetchAll($0, sql: "SELECT Z_PK FROM \(table) ORDER BY Z_PK") }
    }

    @Test("A -wal cut at a frame: the entries only its lost frames held are named as keys that may have been lost")
    func logCutAtAFrame() throws {
        let store = try JournalFixture.walStore(version: 2, entries: 84)
        #expect(try JournalFixture.cutLog(store) > 4)
        let (report, output) = try Self.salvage(store, version: "Journal 2")
        let kept = Int64(report.recovered)
        #expect(kept > 0 && kept < 84)
        #expect(try Self.keys(output) == Array(1...kept))
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        // No index counts the entries (ZENTRY has none): what is lost is told by the keys missing up to Z_MAX.
        #expect(entry.found == nil && entry.lost == nil)
        #expect(entry.mayHaveBeenLost == 84 - kept)
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(table.root == "Entry" && table.largestKey == 84 && table.unreadable.isEmpty)
        #expect(table.gaps == [KeyRange(lower: kept + 1, upper: 84)])
        #expect(report.mayHaveBeenLost == 84 - kept)
    }

    @Test("Objects the app deleted leave gaps counted as may have been lost, none known lost")
    func deletedByTheApp() throws {
        let store = try JournalFixture.store(version: 3, entries: 100)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "DELETE FROM ZENTRY WHERE Z_PK BETWEEN 10 AND 19 OR Z_PK IN (50, 100)")
        }
        let (report, _) = try Self.salvage(store, version: "Journal 3")
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(
            table.gaps == [KeyRange(lower: 10, upper: 19), KeyRange(lower: 50, upper: 50), KeyRange(lower: 100, upper: 100)])
        #expect(report.entities.map(\.entity) == ["Entry"])
        #expect(report.mayHaveBeenLost == 12 && report.entities.first?.mayHaveBeenLost == 12)
        #expect(report.recovered == 88)
    }

    @Test("Known lost (an index counts them) and may have been lost (deleted keys) are told apart", DamageScript.required)
    func knownAndPossibleLosses() throws {
        let store = try SalvageFixture.journal4(entries: 2000, authors: 100)
        try DatabaseQueue(path: store).write { try $0.execute(sql: "DELETE FROM ZENTRY WHERE Z_PK BETWEEN 5 AND 9") }
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "1", "--at", "70"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let (report, _) = try Self.salvage(damage.output, version: "Journal 4")
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        #expect(entry.found == 1995 && entry.lost == lost && entry.recovered == 1995 - lost)
        #expect(entry.mayHaveBeenLost == 5)
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(table.gaps == [KeyRange(lower: 5, upper: 9)] && table.unreadable.count == 1)
        #expect(report.entities.first { $0.entity == "Author" }?.mayHaveBeenLost == 0)
    }

    @Test(
        "A main file cut inside a page: every key up to Z_MAX is recovered, unreadable or a gap, each once",
        DamageScript.required, arguments: [45, 60, 75])
    func cutFile(_ percent: Int) throws {
        let store = try JournalFixture.store(version: 3, entries: 3000)
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "\(percent)"])
        let (report, output) = try Self.salvage(damage.output, version: "Journal 3")
        let table = try #require(report.tables.first { $0.table == "ZENTRY" })
        #expect(table.largestKey == 3000)
        var seen = Set(try Self.keys(output))
        #expect(seen.count == report.recovered)
        for range in table.unreadable + table.gaps {
            let ids = range.lower...min(range.upper ?? 3000, 3000)
            #expect(seen.isDisjoint(with: ids), "\(range.text) is counted twice")
            seen.formUnion(ids)
        }
        #expect(seen == Set(1...3000))
        // The rows a cut took off the page it went through read as no row: gaps, named in the note too.
        let note = report.notes.first { $0.contains("was cut through") } ?? ""
        for match in note.matches(of: /row id (\d+)/) {
            let id = try #require(Int64(match.1))
            #expect(table.gaps.contains { $0.lower <= id && id <= ($0.upper ?? .max) }, "row \(id) of the cut page")
        }
        let entry = try #require(report.entities.first { $0.entity == "Entry" })
        let knownUnread = entry.found.map { $0 - entry.read } ?? 0
        #expect(Int(try #require(entry.mayHaveBeenLost)) + knownUnread == 3000 - entry.read)
    }
}
