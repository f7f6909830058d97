import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// The attack of issue 10 end to end: a store whose app table's stored `CREATE` text carries an `ATTACH`, a
/// write into the attached file and a rewrite of every row. `migrate` and `verify` run none of it.
@Suite("Planted schema on the command line", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct PlantedSchemaCommandTests {
    let model = RenameChainFixture.modelPath

    @Test("migrate carries the app table rebuilt from its structure; nothing outside the store is written")
    func plantedTable() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent()
        let evil = folder.appendingPathComponent("evil.sqlite").path
        let queue = try DatabaseQueue(path: store)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, title TEXT)")
            try db.execute(sql: "INSERT INTO app_notes VALUES (1, 'kept')")
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(
                sql: "UPDATE sqlite_master SET sql = ? WHERE name = 'app_notes'",
                arguments: [
                    "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, title TEXT); ATTACH DATABASE '\(evil)' AS evil; "
                        + "CREATE TABLE evil.loot (x); UPDATE ZBASICENTITY SET ZV1_0_0_NAME = 'pwned'"
                ])
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(!FileManager.default.fileExists(atPath: evil))
        let after = try DatabaseQueue(path: store)
        defer { try? after.close() }
        let notes = try after.read { try String.fetchAll($0, sql: "SELECT title FROM app_notes") }
        let values = try after.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('ZBASICENTITY')") }
        let pwned = try after.read { db in
            try values.filter { $0.hasPrefix("Z") }.map {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZBASICENTITY WHERE \(SQLIdentifier($0).quoted) = 'pwned'") ?? 0
            }.reduce(0, +)
        }
        #expect(notes == ["kept"])
        #expect(pwned == 0)
    }
}
