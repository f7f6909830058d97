import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// Stage 1's row-by-row path keeps the objects it makes and writes them several rows per statement; here
/// against the same step writing each object as the next is made (every other fast path on in both).
@Suite("Mapped step: batched inserts against one by one")
struct MappedStepInsertBatchTests {
    /// The sample's word count, and on some entries more: an extra `Author` (the batch switches tables),
    /// an update of the entry made before (no longer open to updates, so rewritten), or a read of the
    /// destination (which needs every row written).
    struct Mixing: MigrationPolicy {
        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
            let text = try context.value("text", of: source)
            try context.update(entry, values: ["wordCount": .integer(Int64(text.text.utf8.count))])
            let key = source.primaryKey
            if key % 5 == 0 {
                let author = try context.insert("Author", values: ["name": .string("extra \(key)")])
                try context.update(author, values: ["initials": .string("X"), "name": .string("made for \(key)")])
            }
            if key % 7 == 0 {
                let previous = ObjectReference(side: .destination, entity: "Entry", primaryKey: key - 1)
                try context.update(previous, values: ["wordCount": .integer(-key)])
            }
            if key % 11 == 0 {
                let before = try context.count("Entry", side: .destination)
                try context.update(entry, values: ["moodName": .string("\(before) before")])
            }
        }

        var customizesRelationships: Bool { false }
    }

    static func run(_ source: String, file: String, from: Int, policies: MigrationPolicyRegistry, batches: Bool, batchSize: Int)
        throws -> String
    {
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping(file), sourceModel: SampleJournalStore.version(from),
            destinationModel: SampleJournalStore.version(from + 1), policies: policies, batchSize: batchSize)
        step.strategies.set(.batchedInserts, to: batches)
        return try MappedStepDifferentialTests.dump(try SampleJournalStore.run(step, source: source))
    }

    @Test(
        "the sample's policy step and a policy mixing tables, updates and reads write the same store either way",
        arguments: [(UInt64(11), 300, 7), (12, 700, 2_000), (13, 130, 64)])
    func sameStores(seed: UInt64, count: Int, batchSize: Int) throws {
        let journal3 = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: seed, count: count))
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), policies: SampleApp.policies, batchSize: batchSize)
        step.strategies.set(.batchedInserts, to: true)
        let journal4 = try SampleJournalStore.run(step, source: journal3)
        var mixing = MigrationPolicyRegistry()
        mixing.register(Mixing(), named: WordCountPolicy.name)
        for (policies, mixes) in [(SampleApp.policies, false), (mixing, true)] {
            let batched = try Self.run(
                journal4, file: "journal-4-to-5.yaml", from: 4, policies: policies, batches: true, batchSize: batchSize)
            let single = try Self.run(
                journal4, file: "journal-4-to-5.yaml", from: 4, policies: policies, batches: false, batchSize: batchSize)
            #expect(batched == single)
            #expect(batched.contains("made for 5") == mixes)
        }
    }
}
