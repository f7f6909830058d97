import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// App tables Core Data does not know about — full-text and R-tree indexes, `AUTOINCREMENT` tables — travel
/// through a step with their rows, their behaviour and their counters.
@Suite("Carried app tables")
struct CarriedAppTablesTests {
    static func migrate(_ sql: [String]) throws -> String {
        let store = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows + sql)
        return try StepRunner.run(
            InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2), sourcePath: store)
    }

    @Test("FTS5, FTS4 and R-tree tables are rebuilt from their module arguments and answer the same queries")
    func virtualTables() throws {
        let out = try Self.migrate([
            "CREATE VIRTUAL TABLE search USING fts5(title, body UNINDEXED, tokenize = 'porter unicode61')",
            "INSERT INTO search (rowid, title, body) VALUES (7, 'Running shoes', 'b7'), (9, 'Quiet evenings', 'b9')",
            "CREATE VIRTUAL TABLE legacy USING fts4(content, tokenize=porter)",
            "INSERT INTO legacy (docid, content) VALUES (3, 'jumping foxes')",
            "CREATE VIRTUAL TABLE boxes USING rtree(id, minX, maxX, +label)",
            "INSERT INTO boxes VALUES (1, 0, 10, 'a'), (2, 20, 30, 'b')",
        ])
        let queue = try StoreDump(out).queue
        func read<T>(_ body: (Database) throws -> T) throws -> T { try queue.read(body) }
        #expect(
            try read { try Int.fetchAll($0, sql: "SELECT rowid FROM search WHERE search MATCH 'run'") } == [7],
            "porter stemming kept")
        #expect(
            try read { try Int.fetchAll($0, sql: "SELECT rowid FROM search WHERE search MATCH 'b9'") } == [], "UNINDEXED kept")
        #expect(try read { try String.fetchAll($0, sql: "SELECT body FROM search ORDER BY rowid") } == ["b7", "b9"])
        #expect(try read { try Int.fetchAll($0, sql: "SELECT docid FROM legacy WHERE legacy MATCH 'jump'") } == [3])
        #expect(try read { try String.fetchAll($0, sql: "SELECT label FROM boxes WHERE minX >= 15") } == ["b"])
        #expect(try read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }

    @Test("AUTOINCREMENT counters survive, so ids of deleted rows are not handed out again")
    func sequences() throws {
        let out = try Self.migrate([
            "CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, message TEXT NOT NULL DEFAULT 'none' COLLATE NOCASE, UNIQUE (message))",
            "CREATE INDEX log_message ON log (message DESC)",
            "INSERT INTO log (message) VALUES ('a'), ('b'), ('c')",
            "DELETE FROM log WHERE id = 3",
        ])
        let queue = try DatabaseQueue(path: out)
        defer { try? queue.close() }
        func write<T>(_ body: (Database) throws -> T) throws -> T { try queue.write(body) }
        #expect(try write { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'log'") } == 3)
        try write { try $0.execute(sql: "INSERT INTO log DEFAULT VALUES") }
        #expect(try write { try Int.fetchAll($0, sql: "SELECT id FROM log ORDER BY id") } == [1, 2, 4])
        #expect(try write { try String.fetchOne($0, sql: "SELECT message FROM log WHERE id = 4") } == "none")
        #expect(try write { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM log WHERE message = 'A'") } == 1, "NOCASE kept")
        #expect(throws: DatabaseError.self) { try write { try $0.execute(sql: "INSERT INTO log (message) VALUES ('b')") } }
        #expect(
            try write {
                try String.fetchAll(
                    $0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'log' AND sql IS NOT NULL")
            } == ["log_message"])
    }

    @Test("A virtual table of another module, or with options naming tables or functions, is refused by name")
    func refusedModules() throws {
        let cases = [
            ("virtual table outside", "CREATE VIRTUAL TABLE outside USING fts5(title, content = 'ZNOTE')"),
            ("virtual table vocabulary", "CREATE VIRTUAL TABLE vocabulary USING fts5vocab('outside', 'row')"),
        ]
        for (object, sql) in cases {
            let error = #expect(throws: ForeignTableError.self) { try Self.migrate([sql]) }
            #expect(error?.object == object)
        }
    }
}
