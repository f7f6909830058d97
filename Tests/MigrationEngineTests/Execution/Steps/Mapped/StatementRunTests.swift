import Foundation
import GRDB
import Testing

@testable import MigrationEngine

/// The row-by-row path binds values on SQLite's own handle (`Statement.run(binding:)`): every value must
/// arrive whole, whatever bytes it holds.
@Suite("Binding on the raw statement handle")
struct StatementRunTests {
    @Test("Text with a NUL, unicode, blobs, numbers and NULL are stored exactly as bound")
    func valuesArriveWhole() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (v)")
            let insert = try db.makeStatement(sql: "INSERT INTO t (v) VALUES (?)")
            let values: [DatabaseValue] = [
                "before\u{0}after".databaseValue, "Zoë ✓ 漢字".databaseValue, Data([0, 1, 0, 255]).databaseValue,
                Int64.max.databaseValue, 2.5.databaseValue, .null,
            ]
            for value in values { try insert.run(binding: [value]) }
            let stored = try DatabaseValue.fetchAll(db, sql: "SELECT v FROM t ORDER BY rowid")
            // GRDB reads text up to its first NUL, so the first value is compared as bytes.
            #expect(Array(stored.dropFirst()) == Array(values.dropFirst()))
            #expect(try String.fetchOne(db, sql: "SELECT hex(v) FROM t WHERE rowid = 1") == "6265666F7265006166746572")
        }
    }

    @Test("Several texts in one statement, empty ones among them, arrive whole, run after run")
    func textsOfOneStatement() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c, d)")
            let insert = try db.makeStatement(sql: "INSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?), (?, ?, ?, ?)")
            let long = "long text " + String(repeating: "é", count: 300)
            let runs: [[DatabaseValue]] = [
                [
                    "".databaseValue, "x\u{0}y".databaseValue, Data([7]).databaseValue, "Zoë".databaseValue,
                    1.databaseValue, "".databaseValue, "".databaseValue, .null,
                ],
                ["", "", "", "", long].map(\.databaseValue) + [2.databaseValue, 2.5.databaseValue, "".databaseValue],
                (1...8).map(\.databaseValue),
            ]
            for values in runs { try insert.run(binding: values) }
            let stored = try Row.fetchAll(
                db, sql: "SELECT quote(a), quote(b), quote(c), quote(d) FROM t ORDER BY rowid"
            ).flatMap { row in (0..<4).map { row[$0] as String } }
            let expected = try runs.flatMap { values in
                try values.map { value in
                    try String.fetchOne(db, sql: "SELECT quote(?)", arguments: [value]) ?? "?"
                }
            }
            // GRDB binds the text holding a NUL up to it: that one is compared by its bytes.
            let others = { (texts: [String]) in texts.enumerated().filter { $0.offset != 1 }.map(\.element) }
            #expect(stored.count == 24)
            #expect(others(stored) == others(expected))
            #expect(try String.fetchOne(db, sql: "SELECT hex(b) FROM t WHERE rowid = 1") == "780079")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE typeof(a) = 'text' AND a = ''") == 2)
        }
    }

    @Test("A value count other than the statement's parameters is refused, not half bound")
    func arityIsChecked() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            let insert = try db.makeStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)")
            #expect(throws: DatabaseError.self) { try insert.run(binding: [1.databaseValue]) }
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") == 0)
        }
    }
}
