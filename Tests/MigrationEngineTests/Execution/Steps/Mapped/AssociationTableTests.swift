import Foundation
import GRDB
import Testing

@testable import MigrationEngine

/// ``AssociationTable`` on its own: which destination objects each mapping made from which source objects,
/// with identity runs and deferred inserts written only when something reads the table, in the order made.
@Suite("Mapped step: the association table")
struct AssociationTableTests {
    /// A source table `ZT` holding entity 5's rows 1, 2, 3, 5, 6 and entity 6's row 4, and the table made.
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE ZT (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER)")
            for key in 1...6 { try db.execute(sql: "INSERT INTO ZT VALUES (?, ?)", arguments: [key, key == 4 ? 6 : 5]) }
        }
        return queue
    }

    static func rows(_ db: Database) throws -> [[Int64]] {
        try Row.fetchAll(
            db, sql: "SELECT mapping, source, destination, destinationEntity FROM _CDMIGRATE_ASSOCIATION ORDER BY rowid"
        )
        .map { row in (0..<4).map { row[$0] } }
    }

    @Test("A run of identities is one record per source row of its entity, written only when read")
    func identityRuns() throws {
        try Self.database().write { db in
            let table = AssociationTable(db: db)
            let statistics = MappedStepStatistics()
            table.statistics = statistics
            try table.create()
            // Rows 1, 2, 3 and 5 of entity 5 read in order (4 is another entity's): one run.
            var previous: Int64?
            for key: Int64 in [1, 2, 3, 5] {
                try table.recordIdentity(
                    mapping: MappingNumber(0), table: "ZT", source: 5, key: key, entity: 9, previous: previous)
                previous = key
            }
            #expect(try Self.rows(db).isEmpty, "nothing is written before something reads the table")
            #expect(
                try table.destinations(mapping: MappingNumber(0), source: 5).map { [$0.0, Int64($0.1.rawValue)] } == [[5, 9]])
            #expect(try Self.rows(db) == [[0, 1, 1, 9], [0, 2, 2, 9], [0, 3, 3, 9], [0, 5, 5, 9]])
            #expect(statistics.identityAssociationRowsWritten == 4)
        }
    }

    @Test("A row left out (a filter's) breaks the run: the rows after it are not taken with it")
    func gapBreaksRun() throws {
        try Self.database().write { db in
            let table = AssociationTable(db: db)
            try table.create()
            // Row 2 was read but made nothing: row 3 follows 2, not 1, the run's last.
            try table.recordIdentity(mapping: MappingNumber(0), table: "ZT", source: 5, key: 1, entity: 9, previous: nil)
            try table.recordIdentity(mapping: MappingNumber(0), table: "ZT", source: 5, key: 3, entity: 9, previous: 2)
            try table.materialize()
            #expect(try Self.rows(db).map { $0[1] } == [1, 3])
        }
    }

    @Test("Records of one mapping stay in the order they were made, runs, deferred copies and single rows mixed")
    func orderKept() throws {
        try Self.database().write { db in
            let table = AssociationTable(db: db)
            try table.create()
            try table.recordIdentity(mapping: MappingNumber(1), table: "ZT", source: 5, key: 1, entity: 9, previous: nil)
            try table.recordIdentity(mapping: MappingNumber(1), table: "ZT", source: 5, key: 2, entity: 9, previous: 1)
            try table.record(mapping: MappingNumber(1), source: 3, destination: 40, entity: 8)
            table.deferIdentity(mapping: MappingNumber(2), from: "ZT", source: 6, destination: 7)
            try table.record(mapping: MappingNumber(2), source: 5, destination: 50, entity: 8)
            let batch = try table.batch(mapping: MappingNumber(1), after: 0, limit: 10).map {
                [$0.1, $0.2, Int64($0.3.rawValue)]
            }
            #expect(batch == [[1, 1, 9], [2, 2, 9], [3, 40, 8]] as [[Int64]])
            // The deferred copy of entity 6 (row 4) was written before mapping 2's single record.
            #expect(try table.batch(mapping: MappingNumber(2), after: 0, limit: 10).map(\.1) == [4, 5])
            #expect(
                try table.batch(mapping: MappingNumber(1), after: 2, limit: 10).map(\.1) == [3], "paging resumes after a rowid")
        }
    }

    @Test("Merge keys are matched by their bytes: a key with a NUL is not the key that ends there")
    func mergeKeysByBytes() throws {
        try Self.database().write { db in
            let table = AssociationTable(db: db)
            try table.create()
            try table.recordMerge(mapping: MappingNumber(3), key: "string:a\u{0}b", destination: 11, entity: 4)
            #expect(try table.merged(mapping: MappingNumber(3), key: "string:a") == nil)
            #expect(
                try table.merged(mapping: MappingNumber(3), key: "string:a\u{0}b").map { [$0.0, Int64($0.1.rawValue)] } == [
                    11, 4,
                ])
            #expect(try table.merged(mapping: MappingNumber(4), key: "string:a\u{0}b") == nil, "keys are per mapping")
        }
    }

    @Test("drop removes every table the step made")
    func dropLeavesNothing() throws {
        try Self.database().write { db in
            let table = AssociationTable(db: db)
            try table.create()
            try table.drop()
            let left = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '_CDMIGRATE%'")
            #expect(left.isEmpty, "\(left)")
        }
    }
}
