import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 32: tables outside the model (persistent history, an app's tables) in a store whose schema is lost.
/// Their rows never choose the version; one whose row of the schema survived is carried unless SQLite could not
/// create it from its text; one whose row of the schema was lost is named by its pages and rows in the report.
@Suite("Salvage with the schema lost: tables outside the model")
struct LostSchemaForeignTableTests {
    @Test("Rows of a table outside the model, shaped like an entity's rows, count for no version")
    func foreignRowsChooseNoVersion() throws {
        // Items only at V1; V2 adds a Log entity whose rows look like the app's own ALOG table's.
        let entity = LostSchemaSalvageTests.entity
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Logs",
                versions: [
                    "V1": entity("Item", [("name", "String")]),
                    "V2": entity("Item", [("name", "String")]) + entity("Log", [("level", "Integer 32"), ("message", "String")]),
                ], current: "V2"))
        let first = try #require(bundle.versions.first { $0.name == "V1" })
        let second = SchemaBuilder(model: try #require(bundle.versions.first { $0.name == "V2" })).build()
        #expect(
            second.tables.first { $0.name == "ZLOG" }?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZLEVEL", "ZMESSAGE"])
        let item = try #require(SchemaBuilder(model: first).build().entities.first { $0.name == "Item" }?.number)
        let log = try #require(second.entities.first { $0.name == "Log" }?.number)
        let store = try TemporaryDirectory.make().appendingPathComponent("Logs.sqlite").path
        try StoreWriter(model: first).create(at: store)
        // Nothing on the pages names the version: the rows alone tell it.
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    DELETE FROM Z_METADATA; DELETE FROM Z_PRIMARYKEY; DELETE FROM Z_MODELCACHE;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
                    INSERT INTO ZITEM SELECT i, ?, 1, 'item ' || i FROM n;
                    """, arguments: [item])
        }
        try Self.spreadSchema(store, index: "ZITEM (ZNAME)")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE ALOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLEVEL INTEGER, ZMESSAGE VARCHAR );
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12)
                    INSERT INTO ALOG SELECT i, ?, 1, i, 'log ' || i FROM n;
                    """, arguments: [log])
        }
        try Self.loseSchemaLeaf(of: "ZITEM", keeping: ["ALOG"], in: store)

        let (report, output) = try LostSchemaSalvageTests.salvage(store, project: MigrationProject(bundle: bundle))
        // Counting ALOG's 12 rows as Log objects, V2 fitted 22 rows to V1's 10.
        #expect(report.version == "V1" && report.evidence == .rowLayout)
        #expect(report.recovered == 10)
        #expect(report.notes.contains { $0.hasPrefix("the rows fit versions V1, V2 alike") })
        #expect(report.notes.contains { $0.hasPrefix("tables outside the model found") && $0.contains("ALOG (12 rows)") })
        #expect(try SalvageForeignTablesTests.rows(output, "SELECT COUNT(*) FROM ALOG").first?[0] == 12)
    }

    /// Nothing on the pages names the table or its columns, so its rows are kept as `.recover` keeps them: in
    /// `lost_and_found`, by the root page of their B-tree, their page, their count of values, their row id and
    /// their values by position; the new store still passes verify.
    @Test("A table outside the model lost with its row of the schema: its rows kept in lost_and_found and named")
    func lostWithItsSchemaRow() throws {
        let store = try SalvageFixture.journal4(entries: 300, authors: 20)
        let root = try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE log (id INTEGER PRIMARY KEY, message TEXT);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
                    INSERT INTO log SELECT i, 'line ' || i FROM n;
                    """)
            return try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'log'") ?? 0
        }
        try LostSchemaSalvageTests.loseSchema(store)
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try LostSchemaSalvageTests.salvage(store, project: project)
        #expect(report.recovered == 320)
        let note = try #require(report.notes.first { $0.hasPrefix("rows of no table kept apart in lost_and_found (") })
        #expect(report.notes.first?.contains(", 30 rows of no table of the model kept apart in lost_and_found") == true)
        #expect(note.hasSuffix(": 30 rows of 2 values on page \(root)"), "\(note)")
        let kept = try SalvageForeignTablesTests.rows(
            output, "SELECT rootpgno, pgno, nfield, id, c0, c1 FROM lost_and_found ORDER BY id")
        #expect(kept.count == 30)
        #expect(
            kept.allSatisfy { row in
                row[0] == root && row[1] == root && row[2] == 2 && (row[4] as DatabaseValue).isNull
                    && row[5] == "line \(row[3] as Int)"
            })
        #expect(kept.map { $0[3] as Int } == Array(1...30))
        #expect(try project.verify(store: output).version == "Journal 4")
    }

    @Test("A table outside the model SQLite could not create from its text (a column named rowid) is left out; salvage goes on")
    func unbuildableTableLeftOut() throws {
        let store = try SalvageFixture.journal4(entries: 300, authors: 20)
        try Self.spreadSchema(store, index: "ZENTRY (ZTITLE, ZCREATED)")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE notes (id INTEGER PRIMARY KEY, rowid TEXT, body TEXT);
                    INSERT INTO notes VALUES (1, 'a', 'first'), (2, 'b', 'second');
                    CREATE TABLE log (id INTEGER PRIMARY KEY, message TEXT);
                    INSERT INTO log VALUES (1, 'kept');
                    """)
        }
        try Self.loseSchemaLeaf(of: "ZENTRY", keeping: ["notes", "log"], in: store)
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try LostSchemaSalvageTests.salvage(store, project: project)
        #expect(report.recovered == 320)
        #expect(try project.verify(store: output).version == "Journal 4")
        #expect(report.notes.contains("tables outside the model carried over: log, lost_and_found"))
        #expect(try SalvageForeignTablesTests.rows(output, "SELECT * FROM sqlite_master WHERE name = 'notes'").isEmpty)
        // Its two rows are named where they sit, and kept apart.
        #expect(
            report.notes.contains {
                $0.hasPrefix("rows of no table kept apart in lost_and_found") && $0.contains("2 rows of 3 values")
            })
        #expect(
            try SalvageForeignTablesTests.rows(output, "SELECT c2 FROM lost_and_found ORDER BY id").map { $0[0] as String } == [
                "first", "second",
            ])
    }

    /// Pads the schema with indexes on `index` until page 1 is an interior page, so the rows of the schema
    /// added next sit on another leaf than the model's tables'.
    static func spreadSchema(_ store: String, index: String) throws {
        let queue = try DatabaseQueue(path: store)
        var padding = 0
        while try LostSchemaSalvageTests.schemaRootIsLeaf(store), padding < 100 {
            try queue.write { try $0.execute(sql: "CREATE INDEX PADDING_\(padding)_OF_A_SCHEMA_THAT_SPANS_PAGES ON \(index)") }
            padding += 1
        }
        try queue.close()
    }

    /// Zeroes the leaf of the schema holding `table`'s row, which must not hold `kept`'s: SQLite then reads no
    /// table at all, and those tables' rows of the schema survive on a page.
    static func loseSchemaLeaf(of table: String, keeping kept: [String], in store: String) throws {
        var pages: [String: Int] = [:]
        try #require(LoosePageScan(path: store)).forEachRecord { page, _, values in
            if values.count == 5, String.fromDatabaseValue(values[0]) == "table", let name = String.fromDatabaseValue(values[1]) {
                pages[name] = page
            }
        }
        let lost = try #require(pages[table])
        try #require(lost != 1 && kept.allSatisfy { pages[$0] != nil && pages[$0] != lost })
        try WALCeilingTests.zero(store, page: lost)
    }
}
