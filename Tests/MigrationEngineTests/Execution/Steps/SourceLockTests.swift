import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// A step only ever reads its source: it commits while another connection reads the same file, as the run's
/// integrity check of the snapshot does beside the first step.
@Suite("Steps commit while their source is being read")
struct SourceLockTests {
    /// Runs `body` while another connection holds a read transaction (SQLite's shared lock) on `path`.
    static func whileRead<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let reader = try DatabaseQueue(path: path)
        defer { try? reader.close() }
        return try reader.inDatabase { db in
            try db.beginTransaction(.deferred)
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY")
            defer { try? db.rollback() }
            return try body()
        }
    }

    @Test("An inferred copy commits while its source is read")
    func inferredCopy() throws {
        let source = try JournalFixture.store(version: 1, entries: 50)
        let step = InferredStep(sourceModel: try JournalFixture.version(1), destinationModel: try JournalFixture.version(3))
        let destination = try Self.whileRead(source) { try StepRunner.run(step, sourcePath: source) }
        try StoreValidator(model: try JournalFixture.version(3)).validate(destination, expectedCounts: ["Entry": 50])
    }

    @Test("A mapped step, set-based and row by row, commits while its source is read")
    func mappedStep() throws {
        let source = try SampleJournalStore.journal3([("Ada Lovelace", 1, "one two"), ("Grace Hopper", 2, "three")])
        for compiles in [true, false] {
            var step = try MappedStep(
                mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
                destinationModel: SampleJournalStore.version(4))
            step.strategies.set(.compiledExpressions, to: compiles)
            let destination = try Self.whileRead(source) { try StepRunner.run(step, sourcePath: source) }
            try StoreValidator(model: SampleJournalStore.version(4)).validate(destination, expectedCounts: ["Entry": 2])
        }
    }
}
