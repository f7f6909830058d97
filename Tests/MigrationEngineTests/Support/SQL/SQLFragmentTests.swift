import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("SQL fragments")
struct SQLFragmentTests {
    @Test("identifiers are quoted, values become bound placeholders in order, fragments keep their values")
    func composition() {
        let table = SQLIdentifier("Z\"ORDER")
        let filter: SQLFragment = "\(SQLIdentifier.entityNumber) IN (\(values: [3, 4]))"
        let query: SQLFragment =
            "SELECT \([SQLIdentifier.primaryKey, SQLIdentifier("a b")]) FROM \(table) WHERE \(filter) AND x = \(value: "it's")"
        #expect(query.sql == #"SELECT "Z_PK", "a b" FROM "Z""ORDER" WHERE "Z_ENT" IN (?, ?) AND x = ?"#)
        #expect(query.arguments == [3.databaseValue, 4.databaseValue, "it's".databaseValue])
        let joined = SQLFragment.joined(["a = \(value: 1)", "b = \(value: 2)"], separator: " AND ")
        #expect(joined.sql == "a = ? AND b = ?")
        #expect(joined.arguments == [1.databaseValue, 2.databaseValue])
        #expect(("x" + "\(placeholders: 3)").sql == "x?, ?, ?")
    }

    @Test("hostile names and values are stored and read back as they are")
    func hostileRoundTrip() throws {
        let table = SQLIdentifier("t\"; DROP TABLE keep; --")
        let column = SQLIdentifier("c\" , \"x")
        let value = "v'); DROP TABLE keep; --"
        let queue = try DatabaseQueue(path: try TemporaryDirectory.make().appendingPathComponent("f.sqlite").path)
        let read = try queue.write { db in
            try db.execute(sql: "CREATE TABLE keep (x)")
            try db.execute("CREATE TABLE \(table) (\(column) TEXT)")
            try db.execute("INSERT INTO \(table) (\(column)) VALUES (\(value: value))")
            // A parameter bound per run is named, so it cannot take the place of the fragment's own value.
            let copy: SQLFragment =
                "INSERT INTO \(table) (\(column)) SELECT \(column) || :suffix FROM \(table) WHERE \(column) = \(value: value)"
            try db.makeStatement(copy).execute(arguments: copy.statementArguments + ["suffix": "!"])
            let select: SQLFragment = "SELECT \(column) FROM \(table) ORDER BY rowid"
            return try String.fetchAll(db, select.request)
        }
        #expect(read == [value, value + "!"])
        #expect(try queue.read { try $0.tableExists("keep") })
    }
}
