import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Issue 11: a `-wal` every read-only command refuses as not the store's does not stop salvage. When the
/// database file alone is intact, the log is what breaks it, so it is left out and the file read alone; when
/// the file is damaged too (a WAL store cut short), the log is applied as SQLite's `.recover` reads it.
@Suite("Salvage of a store whose -wal is refused", DamageScript.required)
struct RefusedLogSalvageTests {
    static func expectRefused(_ store: String) {
        #expect {
            try StoreSnapshot.take(of: store)
        } throws: { error in
            (error as? StoreError)?.message.contains("the -wal does not belong to this store") == true
        }
    }

    static func titles(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT ZTITLE FROM ZENTRY ORDER BY Z_PK") }
    }

    @Test("Another store's -wal beside an intact file: the -wal is left out and counted, every row of the file kept")
    func foreignLog() throws {
        let other = try SalvageFixture.journal3InWAL(entries: 1000, transactions: 4, rowsEach: 50)
        let store = try SalvageFixture.journal3InWAL(entries: 1500, transactions: 0, rowsEach: 0)
        try FileManager.default.removeItem(atPath: store + "-wal")
        try FileManager.default.copyItem(atPath: other + "-wal", toPath: store + "-wal")
        Self.expectRefused(store)

        let (report, output) = try StoreSalvageTests.salvage(store, version: "Journal 3")
        let log = try #require(report.leftOutLog)
        #expect(log.transactions >= 4 && log.frames >= log.transactions)
        let note = try #require(report.notes.first)
        #expect(note.hasPrefix("the -wal was left out and the database file read alone, because \(log.reason)"))
        #expect(note.contains("\(log.transactions) committed transaction(s) in its \(log.frames) frame(s)"))
        #expect(report.recovered == 1500)
        #expect(try Self.titles(output).allSatisfy { !$0.hasPrefix("Late") })
    }

    @Test("A WAL store cut at half: its -wal is applied over the damaged file, its rows recovered, the store unchanged")
    func truncatedWALStore() throws {
        let store = try SalvageFixture.journal3InWAL(entries: 3000, transactions: 4, rowsEach: 50)
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "50", "--whole-pages"])
        Self.expectRefused(damage.output)

        let (report, output) = try StoreSalvageTests.salvage(damage.output, version: "Journal 3")
        #expect(report.leftOutLog == nil)
        #expect(report.notes.first?.hasPrefix("the -wal was applied although the database it gives is damaged") == true)
        // The file alone gives fewer rows: none of those only the log holds.
        let alone = try TemporaryDirectory.make().appendingPathComponent("Alone.sqlite").path
        try FileManager.default.copyItem(atPath: damage.output, toPath: alone)
        let (fileOnly, _) = try StoreSalvageTests.salvage(alone, version: "Journal 3")
        #expect(fileOnly.recovered > 0 && report.recovered > fileOnly.recovered)
        #expect(try Self.titles(output).filter { $0.hasPrefix("Late") }.count == 200)
    }
}
