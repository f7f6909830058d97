import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Stage 1's read-ahead of source batches on a connection of its own: the rows it hands over are the ones
/// the step's connection would read, and it refuses any statement that reads more than the source.
@Suite("Source batch read-ahead")
struct SourceBatchPrefetchTests {
    /// A step's connection: `main` holds a `ZENTRY` of its own (names 100…), the source attached as `src`
    /// holds ten entries `ZENTRY` (names `e1`…`e10`) and a table `ZNOTE`.
    static func stepConnection() throws -> (queue: DatabaseQueue, source: String) {
        let folder = try TemporaryDirectory.make()
        let source = folder.appendingPathComponent("source.sqlite").path
        let sourceQueue = try DatabaseQueue(path: source)
        try sourceQueue.write { db in
            try db.execute(sql: "CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, ZNAME VARCHAR)")
            try db.execute(sql: "CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, ZTEXT VARCHAR)")
            for key in 1...10 { try db.execute(sql: "INSERT INTO ZENTRY VALUES (?, 1, ?)", arguments: [key, "e\(key)"]) }
        }
        try sourceQueue.close()
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("destination.sqlite").path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, ZNAME VARCHAR)")
            try db.execute(sql: "INSERT INTO ZENTRY VALUES (1, 1, '100')")
            try db.execute("ATTACH DATABASE \(value: source) AS \(SQLIdentifier.source)")
        }
        return (queue, source)
    }

    static let batchQuery: SQLFragment =
        "SELECT s.*, upper(s.ZNAME) FROM \"src\".\"ZENTRY\" s WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit"

    static func names(_ batch: SourceBatchPrefetch.Batch) throws -> [String] {
        try batch.rows.get().map { String.fromDatabaseValue($0[2]) ?? "?" }
    }

    /// Whether `query` reads the source alone on the step's connection `db`, and whether a read-ahead opens.
    static func check(_ query: SQLFragment, source: String, _ db: Database) throws -> (readsSourceOnly: Bool, opened: Bool) {
        let reads = try SourceBatchPrefetch.readsSourceOnly(query, arguments: ["ent": 1, "last": 0, "limit": 3], in: db)
        let prefetch = try SourceBatchPrefetch.open(
            query, entity: 1, limit: 3, bridge: ExpressionSQLBridge(), attachment: source, on: db)
        try prefetch?.close()
        return (reads, prefetch != nil)
    }

    @Test("batches come in order, read ahead; a batch asked after another key is read then")
    func batchesInOrder() throws {
        let (queue, source) = try Self.stepConnection()
        try queue.writeWithoutTransaction { db in
            let prefetch = try #require(
                try SourceBatchPrefetch.open(
                    Self.batchQuery, entity: 1, limit: 3, bridge: ExpressionSQLBridge(), attachment: source, on: db))
            #expect(try Self.names(prefetch.batch(after: 0)) == ["e1", "e2", "e3"])
            #expect(try Self.names(prefetch.batch(after: 3)) == ["e4", "e5", "e6"])
            // The batch after 6 was read ahead; the one after 1 is asked for instead.
            #expect(try Self.names(prefetch.batch(after: 1)) == ["e2", "e3", "e4"])
            #expect(try Self.names(prefetch.batch(after: 4)) == ["e5", "e6", "e7"])
            #expect(try Self.names(prefetch.batch(after: 7)) == ["e8", "e9", "e10"])
            #expect(try Self.names(prefetch.batch(after: 10)) == [])
            #expect(try prefetch.batch(after: 0).rows.get().first?.last == "E1".databaseValue)
            try prefetch.close()
        }
    }

    @Test(
        "a statement reading anything but the source is not read ahead",
        arguments: [
            // `main`'s own table, named or found first by an unqualified name.
            "SELECT s.* FROM \"main\".\"ZENTRY\" s WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit",
            "SELECT s.* FROM ZENTRY s WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit",
            """
            SELECT s.*, m.ZNAME FROM "src"."ZENTRY" s LEFT JOIN "main"."ZENTRY" m ON m.Z_PK = s.Z_PK \
            WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit
            """,
            """
            SELECT s.*, (SELECT COUNT(*) FROM "main"."ZENTRY") FROM "src"."ZENTRY" s \
            WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit
            """,
        ] as [SQLFragment])
    func otherDatabases(query: SQLFragment) throws {
        let (queue, source) = try Self.stepConnection()
        try queue.writeWithoutTransaction { db in
            let found = try Self.check(query, source: source, db)
            #expect(!found.readsSourceOnly)
            #expect(!found.opened)
        }
    }

    @Test("a statement calling a function only the step's connection has is not read ahead")
    func functionOfTheStep() throws {
        let (queue, source) = try Self.stepConnection()
        try queue.writeWithoutTransaction { db in
            db.add(function: DatabaseFunction("step_only", argumentCount: 1, pure: true) { $0[0] })
            let query: SQLFragment =
                "SELECT s.*, step_only(s.ZNAME) FROM \"src\".\"ZENTRY\" s WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit"
            let found = try Self.check(query, source: source, db)
            #expect(found.readsSourceOnly)
            #expect(!found.opened)
        }
    }

    @Test("the source's own tables joined are read ahead")
    func sourceJoins() throws {
        let (queue, source) = try Self.stepConnection()
        try queue.writeWithoutTransaction { db in
            let query: SQLFragment = """
                SELECT s.*, n.ZTEXT FROM "src"."ZENTRY" s LEFT JOIN "src"."ZNOTE" n ON n.Z_PK = s.Z_PK \
                WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit
                """
            let prefetch = try #require(
                try SourceBatchPrefetch.open(
                    query, entity: 1, limit: 4, bridge: ExpressionSQLBridge(), attachment: source, on: db))
            #expect(try Self.names(prefetch.batch(after: 0)) == ["e1", "e2", "e3", "e4"])
            try prefetch.close()
        }
    }
}
