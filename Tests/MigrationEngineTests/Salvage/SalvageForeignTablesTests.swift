import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Issue 32 item 4: salvage keeps what Core Data keeps. Persistent history and an app's own tables travel into
/// the new store as a migration step carries them (suite "Carried app tables"), their rows read past damage;
/// what cannot be rebuilt without running the store's SQL text is left out, and the report says so.
@Suite("Salvage carries tables outside the model")
struct SalvageForeignTablesTests {
    static func rows(_ path: String, _ sql: String) throws -> [Row] {
        try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: sql) }
    }

    static func salvage(_ store: String, project: MigrationProject) throws -> (SalvageReport, String) {
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let report = try project.salvage(store: store, to: output)
        _ = try project.verify(store: output)
        return (report, output)
    }

    @Test("An app's tables: rows, AUTOINCREMENT counter, index and FTS kept; a trigger and a generated column named, not run")
    func appTables() throws {
        let store = try JournalFixture.store(version: 3, entries: 200)
        try DatabaseQueue(path: store).write { db in
            for sql in [
                "CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, message TEXT NOT NULL COLLATE NOCASE, UNIQUE (message))",
                "CREATE INDEX log_message ON log (message DESC)",
                "INSERT INTO log (message) VALUES ('a'), ('b'), ('c')", "DELETE FROM log WHERE id = 3",
                "CREATE TRIGGER log_stamp AFTER INSERT ON log BEGIN UPDATE log SET message = 'x'; END",
                "CREATE VIRTUAL TABLE search USING fts5(title)",
                "INSERT INTO search (rowid, title) VALUES (7, 'Running shoes'), (9, 'Quiet evenings')",
                "CREATE TABLE derived (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2))",
                "INSERT INTO derived (a) VALUES (1)",
            ] {
                try db.execute(sql: sql)
            }
        }
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: JournalFixture.bundle()))
        #expect(report.recovered == 200)
        #expect(report.notes.contains("tables outside the model carried over: log, search"))
        #expect(report.notes.contains("trigger log_stamp exists only as SQL text from the store and is not carried"))
        #expect(report.notes.contains { $0.hasPrefix("not carried: column derived.b: generated columns") })
        #expect(report.tables.first { $0.table == "log" }?.read == 2)
        let queue = try DatabaseQueue(path: output)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'log'") == 3)
            try db.execute(sql: "INSERT INTO log (message) VALUES ('d')")
            #expect(try Int.fetchAll(db, sql: "SELECT id FROM log ORDER BY id") == [1, 2, 4], "the counter was kept")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log WHERE message = 'A'") == 1, "NOCASE kept")
            #expect(try Int.fetchAll(db, sql: "SELECT rowid FROM search WHERE search MATCH 'running'") == [7])
            #expect(
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'").allSatisfy {
                    $0 != "log_stamp"
                })
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('derived', 'log_message')") == 1)
        }
        try queue.close()
    }

    @Test(
        "Apple's persistent history: carried row for row with its key counters; a damaged page of it loses only its rows",
        Corpus.required, DamageScript.required)
    func persistentHistory() throws {
        let store = try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite")
        let project = try MigrationProject(modelPath: nil, settings: PlanningSettings())
        let history = ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"]
        let original = try history.map { try Self.rows(store, "SELECT * FROM \($0) ORDER BY Z_PK") }
        let counters = "SELECT * FROM Z_PRIMARYKEY WHERE Z_ENT >= 16000 ORDER BY Z_ENT"

        let pages = try DamageScript.damage(store, ["leaf", "--table", "ZPAGE", "--pages", "2"])
        let (report, output) = try Self.salvage(pages.output, project: project)
        #expect(report.notes.contains("tables outside the model carried over: ACHANGE, ATRANSACTION, ATRANSACTIONSTRING"))
        #expect(try history.map { try Self.rows(output, "SELECT * FROM \($0) ORDER BY Z_PK") } == original)
        #expect(try Self.rows(output, counters) == Self.rows(store, counters))
        #expect(try Self.rows(output, counters).count == 3)

        let changes = try DamageScript.damage(store, ["leaf", "--table", "ACHANGE", "--pages", "2", "--at", "50"])
        let lost = try #require(changes.hit?["ACHANGE"]).leafCells
        #expect(lost > 0)
        let (damaged, kept) = try Self.salvage(changes.output, project: project)
        let table = try #require(damaged.tables.first { $0.table == "ACHANGE" })
        #expect(table.read == 5468 - lost && table.lostAtMost == Int64(lost) && table.unreadable.count == 1)
        let keys = Set(try Self.rows(kept, "SELECT Z_PK FROM ACHANGE").map { $0[0] as Int64 })
        let rows = original[0].filter { keys.contains($0["Z_PK"]) }
        #expect(try Self.rows(kept, "SELECT * FROM ACHANGE ORDER BY Z_PK") == rows)
        #expect(damaged.recovered == 5468, "every object kept: only history was damaged")
    }
}
