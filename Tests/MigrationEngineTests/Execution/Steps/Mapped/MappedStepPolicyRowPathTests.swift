import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// The row-by-row path of a policy's mapping (the sample's step 4 → 5): its batch query checks the storage
/// classes the compiled values read with one row guard and joins the folded author key, and a policy's
/// update of the object it just made takes a quick path. Each against the same step object by object.
@Suite("Mapped step: a policy's row-by-row path against object by object")
struct MappedStepPolicyRowPathTests {
    /// A Journal 4 store of generated entries (the sample's split) with `value` written over `column` of
    /// entry `key`.
    static func journal4(column: String?, value: String, key: Int) throws -> String {
        let journal3 = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: 31, count: 30))
        let split = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), policies: SampleApp.policies)
        let source = try SampleJournalStore.run(split, source: journal3)
        guard let column else { return source }
        let queue = try DatabaseQueue(path: source)
        try queue.write { db in
            try db.execute(sql: "UPDATE ZENTRY SET \(column) = \(value) WHERE Z_PK = \(key)")
        }
        try queue.close()
        return source
    }

    /// The store the step 4 → 5 writes with `policies`, every fast path on or off (but reading batches ahead,
    /// with `prefetches`), or its error; `statistics` counts what it did.
    static func outcome(
        _ source: String, policies: MigrationPolicyRegistry, fast: Bool, batchSize: Int, prefetches: Bool? = nil,
        statistics: MappedStepStatistics? = nil
    ) throws -> String {
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-4-to-5.yaml"), sourceModel: SampleJournalStore.version(4),
            destinationModel: SampleJournalStore.version(5), policies: policies, batchSize: batchSize)
        step.strategies.set(.compiledExpressions, to: fast)
        step.strategies.set(.bulkLinks, to: fast)
        step.strategies.set(.batchedInserts, to: fast)
        step.strategies.set(.prefetchedBatches, to: prefetches ?? fast)
        step.statistics = statistics
        do {
            return try MappedStepDifferentialTests.dump(try SampleJournalStore.run(step, source: source))
        } catch let error as MappingRuntimeError {
            return "failed: \(error.mapping) \(error.entity) \(error.primaryKey): \(error.message)"
        }
    }

    /// Storage classes the compiled values do not read as their attributes' types (the batch is then read
    /// without compiled values), classes they do, and author keys the folded key must leave out.
    static let hostile: [(column: String?, value: String)] = [
        (nil, ""), ("ZMOOD", "'seven'"), ("ZMOOD", "2.5"), ("ZMOOD", "x'07'"), ("ZMOOD", "NULL"),
        ("ZCREATED", "'soon'"), ("ZCREATED", "9223372036854775807"), ("ZFAVORITE", "'yes'"), ("ZFAVORITE", "0.5"),
        ("ZTITLE", "x'5469746c65'"), ("ZTEXT", "''"), ("ZTEXT", "'a' || char(0) || 'b'"),
        ("ZTEXT", "CAST(x'c328' AS TEXT)"), ("ZAUTHOR", "999"),
        ("ZAUTHOR", "-1"), ("ZAUTHOR", "'1'"), ("ZAUTHOR", "x'01'"), ("ZAUTHOR", "NULL"),
    ]

    @Test(
        "the sample's policy step over odd storage writes, or refuses, what object by object does",
        arguments: hostile.indices, [3, 2_000])
    func oddStorage(index: Int, batchSize: Int) throws {
        let (column, value) = Self.hostile[index]
        let source = try Self.journal4(column: column, value: value, key: 5)
        let statistics = MappedStepStatistics()
        let fast = try Self.outcome(
            source, policies: SampleApp.policies, fast: true, batchSize: batchSize, statistics: statistics)
        let slow = try Self.outcome(source, policies: SampleApp.policies, fast: false, batchSize: batchSize)
        #expect(fast == slow, "\(column ?? "-") = \(value)")
        #expect(fast.contains("ZENTRY") || fast.hasPrefix("failed"))
        // 30 entries in batches of 3 are read ahead, in one batch they are not.
        #expect(statistics.prefetchedMappings == (batchSize < 30 ? ["EntryToEntry"] : []))
        let unprefetched = try Self.outcome(
            source, policies: SampleApp.policies, fast: true, batchSize: batchSize, prefetches: false)
        #expect(unprefetched == fast)
    }

    /// Updates the entry it made, an author it makes and the entry again, by turns; on entry 7 an attribute
    /// the entity does not have.
    struct Alternating: MigrationPolicy {
        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
            try context.update(entry, values: ["wordCount": .integer(source.primaryKey)])
            if source.primaryKey % 3 == 0 {
                let author = try context.insert("Author", values: ["name": .string("made \(source.primaryKey)")])
                try context.update(author, values: ["initials": .string("M")])
                try context.update(author, values: ["name": .string("renamed \(source.primaryKey)")])
            }
            try context.update(entry, values: ["moodName": .string("set \(source.primaryKey)")])
            if source.primaryKey == 7 { try context.update(entry, values: ["initials": .string("E")]) }
        }

        var customizesRelationships: Bool { false }
    }

    @Test("updates alternating between two tables, and of an attribute the entity lacks, as object by object")
    func alternatingUpdates() throws {
        var policies = MigrationPolicyRegistry()
        policies.register(Alternating(), named: WordCountPolicy.name)
        let source = try Self.journal4(column: nil, value: "", key: 0)
        let fast = try Self.outcome(source, policies: policies, fast: true, batchSize: 4)
        #expect(fast == (try Self.outcome(source, policies: policies, fast: false, batchSize: 4)))
        #expect(fast == "failed: EntryToEntry Entry 7: Entry has no attribute initials")
    }
}
