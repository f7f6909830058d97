import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Persistent history and CloudKit metadata name objects by entity number and key; a step that renumbers
/// entities rewrites them to the destination's numbers, and one that leaves a named entity's objects nowhere
/// refuses rather than leave rows naming another entity.
@Suite("Entity numbers in history and CloudKit metadata")
struct HistoryEntityNumbersTests {
    /// Core Data's history and mirroring tables (the columns that matter), each row naming `(entity, key)`.
    static func plant(_ path: String, changes: [(Int, Int)], records: [(Int, Int)] = []) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, \
                    ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )
                    """)
            try db.execute(sql: "CREATE INDEX ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)")
            for (index, change) in changes.enumerated() {
                try db.execute(
                    sql: "INSERT INTO ACHANGE VALUES (?, 16001, 1, 1, ?, ?, 1, NULL)",
                    arguments: [index + 1, change.0, change.1])
            }
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY VALUES (16001, 'CHANGE', 0, ?)", arguments: [changes.count])
            try db.execute(
                sql: """
                    CREATE TABLE ANSCKRECORDMETADATA ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, \
                    ZENTITYID INTEGER, ZENTITYPK INTEGER, ZCKRECORDNAME VARCHAR )
                    """)
            for (index, record) in records.enumerated() {
                try db.execute(
                    sql: "INSERT INTO ANSCKRECORDMETADATA VALUES (?, 16010, 1, ?, ?, ?)",
                    arguments: [index + 1, record.0, record.1, "record-\(index + 1)"])
            }
        }
        try queue.close()
    }

    /// Each row of `table` as `(entity name in the store's Z_PRIMARYKEY, key)`, in row order.
    static func named(_ path: String, table: String, column: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.Z_NAME, t.ZENTITYPK FROM "\(table)" t LEFT JOIN Z_PRIMARYKEY p ON p.Z_ENT = t."\(column)" \
                    ORDER BY t.Z_PK
                    """
            ).map { "\($0[0] as String? ?? "nothing") \($0[1] as Int64)" }
        }
    }

    @Test("An inferred step that renumbers every entity rewrites ACHANGE and ANSCKRECORDMETADATA to match")
    func inferredRenumbers() throws {
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows)
        try Self.plant(source, changes: [(1, 2), (2, 5), (3, 1), (2, 1)], records: [(2, 1), (3, 2)])
        #expect(try Self.named(source, table: "ACHANGE", column: "ZENTITY") == ["Folder 2", "Note 5", "Tag 1", "Note 1"])
        let step = InferredStep(sourceModel: InferredStepTests.v1, destinationModel: InferredStepTests.v2)
        let out = try StepRunner.run(step, sourcePath: source)
        // v2 adds Attachment before the others: Folder 1 → 2, Note 2 → 3, Tag 3 → 4; keys are kept.
        #expect(try Self.named(out, table: "ACHANGE", column: "ZENTITY") == ["Folder 2", "Note 5", "Tag 1", "Note 1"])
        #expect(try Self.named(out, table: "ANSCKRECORDMETADATA", column: "ZENTITYID") == ["Note 1", "Tag 2"])
        let numbers = try DatabaseQueue(path: out).read { try Int.fetchAll($0, sql: "SELECT ZENTITY FROM ACHANGE ORDER BY Z_PK") }
        #expect(numbers == [2, 3, 4, 3])
    }

    @Test("History naming an entity the step drops refuses the step, naming the table and the entity")
    func droppedEntityRefused() throws {
        var dropped = InferredStepTests.v1
        dropped.name = "v1 without tags"
        dropped.entities.removeAll { $0.name == "Tag" }
        dropped.entities[1].relationships.removeAll { $0.name == "tags" }
        let rows = InferredStepTests.rows.filter { !$0.contains("Z_2TAGS") }
        let kept = try InferredStepTests.makeStore(InferredStepTests.v1, sql: rows)
        try Self.plant(kept, changes: [(1, 2), (2, 5)])
        let out = try StepRunner.run(InferredStep(sourceModel: InferredStepTests.v1, destinationModel: dropped), sourcePath: kept)
        #expect(try Self.named(out, table: "ACHANGE", column: "ZENTITY") == ["Folder 2", "Note 5"])

        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: rows)
        try Self.plant(source, changes: [(1, 2), (3, 1), (3, 2)])
        let error = try #require(throws: ForeignTableError.self) {
            try StepRunner.run(InferredStep(sourceModel: InferredStepTests.v1, destinationModel: dropped), sourcePath: source)
        }
        #expect(error.object == "ACHANGE.ZENTITY")
        #expect(error.message.contains("2 row(s) name objects of entity Tag"))
    }

    @Test("A mapped split keeps history on the entity that keeps its objects' keys (Journal 3 → 4)")
    func mappedSplitRenumbers() throws {
        let source = try SampleJournalStore.journal3(MappedStepSampleTests.entries)
        try Self.plant(source, changes: [(1, 3), (1, 6)])
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4))
        let out = try SampleJournalStore.run(step, source: source)
        // Journal 4 adds Author before Entry: Entry 1 → 2, and entries keep their keys.
        #expect(try Self.named(out, table: "ACHANGE", column: "ZENTITY") == ["Entry 3", "Entry 6"])
    }
}
