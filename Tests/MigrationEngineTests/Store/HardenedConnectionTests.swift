import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Every connection the engine opens refuses what a hostile schema would need.
@Suite("Hardened connections")
struct HardenedConnectionTests {
    static func open() throws -> (DatabaseQueue, URL) {
        let folder = try TemporaryDirectory.make()
        let queue = try HardenedConnection.open(folder.appendingPathComponent("a.sqlite").path)
        return (queue, folder)
    }

    @Test("trusted_schema is off and the schema cannot be written directly")
    func defensive() throws {
        let (queue, _) = try Self.open()
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA trusted_schema") == 0)
            try db.execute(sql: "CREATE TABLE t (x)")
            try db.execute(sql: "PRAGMA writable_schema = ON")
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE sqlite_master SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
            }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT load_extension('/nonexistent/evil')") }
        }
    }

    @Test("One database may be attached (a step's source), never a second")
    func attachLimit() throws {
        let (queue, folder) = try Self.open()
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [folder.appendingPathComponent("b.sqlite").path])
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "ATTACH DATABASE ? AS other", arguments: [folder.appendingPathComponent("c.sqlite").path])
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.sqlite").path))
    }

    @Test("A view may not call an application function that is not innocuous (it works without hardening)")
    func untrustedSchemaFunctions() throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("v.sqlite").path
        let sideEffect = DatabaseFunction("side_effect", argumentCount: 0) { _ in 1 }
        let plain = try DatabaseQueue(path: path)
        try plain.write { db in
            db.add(function: sideEffect)
            try db.execute(sql: "CREATE VIEW v AS SELECT side_effect() AS y")
            #expect(try Int.fetchOne(db, sql: "SELECT y FROM v") == 1)
        }
        try plain.close()
        let queue = try HardenedConnection.open(path, readonly: true)
        defer { try? queue.close() }
        let error = #expect(throws: DatabaseError.self) {
            try queue.read { db in
                db.add(function: sideEffect)
                return try Int.fetchOne(db, sql: "SELECT y FROM v")
            }
        }
        #expect(error?.message?.contains("unsafe use of side_effect") == true)
    }
}
