import Foundation
import GRDB
import JournalSample
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// What a policy's step checks after its objects are made: the counts a policy asks for, and no required
/// value left empty.
@Suite("Mapped step: counts a policy reads and required values it leaves empty")
struct MappedStepPolicyChecksTests {
    /// The sample's policy step with `policy` under the sample's policy name, in batches of 4.
    static func step(_ policy: some MigrationPolicy) throws -> MappedStep {
        var policies = MigrationPolicyRegistry()
        policies.register(policy, named: WordCountPolicy.name)
        return try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-4-to-5.yaml"), sourceModel: SampleJournalStore.version(4),
            destinationModel: SampleJournalStore.version(5), policies: policies, batchSize: 4)
    }

    /// Runs ``step(_:)`` from `source`; the new store's path.
    static func run(_ policy: some MigrationPolicy, source: String) throws -> String {
        try SampleJournalStore.run(try step(policy), source: source)
    }

    /// Makes each entry, then empties the named required attribute of some of them.
    struct Emptying: MigrationPolicy {
        var emptied: [Int64: String]

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
            if let name = emptied[source.primaryKey] { try context.update(entry, values: [name: .null]) }
        }

        var customizesRelationships: Bool { false }
    }

    @Test(
        "a required attribute a policy leaves empty stops the step, naming the first row and the attribute",
        arguments: [
            ([6: "favorite"], 6, "favorite"), ([9: "wordCount"], 9, "wordCount"),
            ([8: "favorite", 3: "wordCount", 5: "favorite"], 3, "wordCount"),
        ] as [([Int64: String], Int64, String)])
    func requiredLeftEmpty(emptied: [Int64: String], key: Int64, name: String) throws {
        let source = try MappedStepPolicyRowPathTests.journal4(column: nil, value: "", key: 0)
        let error = try #require(throws: MappingRuntimeError.self) { try Self.run(Emptying(emptied: emptied), source: source) }
        #expect(error.mapping == "validation")
        #expect(error.entity == "Entry")
        #expect(error.primaryKey == key)
        #expect(error.message == "required \(name) has no value in the migrated store")
    }

    /// Makes each entry as the sample does and, at validation, records the counts it reads.
    final class Counting: MigrationPolicy, @unchecked Sendable {
        let counts = Mutex<[String: Int]>([:])

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            if source.primaryKey == 2 { _ = try context.insert("Author", values: ["name": .string("made")]) }
            try context.createDefaultDestinationInstance(for: source, mapping: mapping)
        }

        var customizesRelationships: Bool { false }

        func validate(mapping: EntityMapping, context: some MigrationPolicyContext) throws {
            var read: [String: Int] = [:]
            for entity in ["Entry", "Author"] {
                read["source \(entity)"] = try context.count(entity, side: .source)
                read["destination \(entity)"] = try context.count(entity, side: .destination)
            }
            counts.withLock { $0 = read }
        }
    }

    @Test("the counts a policy reads are each side's rows of the entity, rows of another entity number left out")
    func counts() throws {
        let source = try MappedStepPolicyRowPathTests.journal4(column: nil, value: "", key: 0)
        let queue = try DatabaseQueue(path: source)
        let (entries, authors) = try queue.write { db in
            // A row numbered for no entity of the table: not an entry, on either count.
            try db.execute(sql: "INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT) VALUES (1000, 99, 1)")
            return (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY WHERE Z_ENT <> 99") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZAUTHOR") ?? 0
            )
        }
        try queue.close()
        let policy = Counting()
        let result = try Self.run(policy, source: source)
        #expect(entries == 30)
        #expect(authors > 0)
        #expect(
            policy.counts.withLock { $0 } == [
                "source Entry": entries, "destination Entry": entries, "source Author": authors,
                "destination Author": authors + 1,
            ])
        let written = try DatabaseQueue(path: result)
        #expect(try written.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZAUTHOR") } == authors + 1)
        try written.close()
    }

    /// Makes each entry, and asks the run to stop at entry `at`.
    struct Cancelling: MigrationPolicy {
        let flag: CancellationFlag
        let at: Int64

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            if source.primaryKey == at { flag.cancel() }
            try context.createDefaultDestinationInstance(for: source, mapping: mapping)
        }

        var customizesRelationships: Bool { false }
    }

    @Test("a policy step cancelled while the next batch is read ahead stops there, and lets its source go")
    func cancelledWhileReadingAhead() throws {
        let source = try MappedStepPolicyRowPathTests.journal4(column: nil, value: "", key: 0)
        let flag = CancellationFlag()
        var step = try Self.step(Cancelling(flag: flag, at: 6))
        let statistics = MappedStepStatistics()
        step.statistics = statistics
        #expect(throws: MigrationCancelled.self) {
            try SampleJournalStore.run(step, source: source, cancellation: flag)
        }
        #expect(statistics.prefetchedMappings == ["EntryToEntry"])
        // Nothing holds the source open any more: it can be removed, and a new connection reads it whole.
        let queue = try DatabaseQueue(path: source)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") } == 30)
        try queue.close()
        try FileManager.default.removeItem(atPath: source)
    }
}
