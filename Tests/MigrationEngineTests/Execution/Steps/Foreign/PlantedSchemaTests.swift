import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// A store's schema is text its author wrote. These stores carry statements hidden in a table's stored
/// `CREATE` text, triggers and views that would write elsewhere: a step must run none of it, write nothing
/// outside its destination and change no data.
@Suite("Planted schemas")
struct PlantedSchemaTests {
    /// A v1 store with an app table whose stored DDL is rewritten to `sql` (statements appended included).
    static func plantedStore(storedSQL: (String) -> String, extra: [String] = []) throws -> (store: String, folder: URL) {
        let store = try InferredStepTests.makeStore(
            InferredStepTests.v1,
            sql: InferredStepTests.rows + [
                "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, title TEXT)",
                "INSERT INTO app_notes VALUES (1, 'kept'), (2, 'also kept')",
            ] + extra)
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent()
        let queue = try DatabaseQueue(path: store)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE name = 'app_notes'", arguments: [storedSQL(folder.path)])
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        return (store, folder)
    }

    static func titles(_ path: String) throws -> [String?] {
        try strings(path, "SELECT ZTITLE FROM ZNOTE ORDER BY Z_PK")
    }

    /// The single-column result of `sql`, read through a read-only connection.
    static func strings(_ path: String, _ sql: String) throws -> [String?] {
        try StoreDump(path).queue.read { try String?.fetchAll($0, sql: sql) }
    }

    @Test("Statements appended to a table's stored CREATE text are never run; the table is rebuilt from its structure")
    func appendedStatements() throws {
        let (store, folder) = try Self.plantedStore { folder in
            "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, title TEXT); ATTACH DATABASE '\(folder)/evil.sqlite' AS evil; "
                + "CREATE TABLE evil.loot (x); UPDATE ZNOTE SET ZTITLE = 'pwned'"
        }
        let before = try Self.titles(store)
        let step = InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2)
        let out = try StepRunner.run(step, sourcePath: store)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("evil.sqlite").path))
        #expect(try Self.titles(store) == before)
        let dump = try StoreDump(out)
        #expect(try dump.rows("app_notes") == [["int64(1)", "string(\"kept\")"], ["int64(2)", "string(\"also kept\")"]])
        #expect(try Self.strings(out, "SELECT ZHEADING FROM ZNOTE ORDER BY Z_PK") == ["t1", "t2", nil])
        #expect(
            try Self.strings(out, "SELECT sql FROM sqlite_master WHERE name = 'app_notes'") == [
                "CREATE TABLE app_notes ( id INTEGER PRIMARY KEY, title TEXT )"
            ])
    }

    @Test("A trigger or view on a table outside the model is refused by name, and nothing is written")
    func triggersAndViews() throws {
        let planted = [
            (
                "trigger app_notes_ai",
                "CREATE TRIGGER app_notes_ai AFTER INSERT ON app_notes BEGIN UPDATE ZNOTE SET ZTITLE = 'pwned'; END"
            ),
            ("view everything", "CREATE VIEW everything AS SELECT * FROM ZNOTE"),
        ]
        for (object, sql) in planted {
            let (store, _) = try Self.plantedStore(
                storedSQL: { _ in "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, title TEXT)" }, extra: [sql])
            let before = try Self.titles(store)
            let step = InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2)
            let error = #expect(throws: ForeignTableError.self) { try StepRunner.run(step, sourcePath: store) }
            #expect(error?.object == object)
            #expect(error?.category == .unsupported)
            #expect(error?.description.hasPrefix(store) == true, "the message names the file")
            #expect(try Self.titles(store) == before)
        }
    }

    @Test("Expression defaults, expression indexes and partial indexes are refused rather than run")
    func expressionText() throws {
        let cases = [
            ("column app_rows.made", ["CREATE TABLE app_rows (id INTEGER PRIMARY KEY, made INTEGER DEFAULT (abs(-1)))"]),
            (
                "index app_rows_lower",
                [
                    "CREATE TABLE app_rows (id INTEGER PRIMARY KEY, name TEXT)",
                    "CREATE INDEX app_rows_lower ON app_rows (lower(name))",
                ]
            ),
            (
                "index app_rows_some",
                [
                    "CREATE TABLE app_rows (id INTEGER PRIMARY KEY, name TEXT)",
                    "CREATE INDEX app_rows_some ON app_rows (name) WHERE name > 'a'",
                ]
            ),
        ]
        for (object, sql) in cases {
            let store = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows + sql)
            let step = InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2)
            let error = #expect(throws: ForeignTableError.self) { try StepRunner.run(step, sourcePath: store) }
            #expect(error?.object == object)
        }
    }
}
