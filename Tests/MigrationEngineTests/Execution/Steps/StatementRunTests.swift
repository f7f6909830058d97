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
