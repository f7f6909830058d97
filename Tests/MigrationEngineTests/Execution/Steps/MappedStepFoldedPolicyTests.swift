import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// A policy that only makes each object and sets its attributes has its work folded into set-based inserts
/// (``FoldedPolicyRun``); here against the same step running the policy row by row (every other fast path on
/// in both): the same store, or the same error, whatever the policy does and wherever it starts doing more.
@Suite("Mapped step: folded policies against row by row")
struct MappedStepFoldedPolicyTests {
    /// The sample's kind of policy, with a twist on some entries.
    struct Twisting: MigrationPolicy {
        enum Twist: String, CaseIterable, Sendable {
            /// None: the default object and its word count.
            case none
            /// Reads the text before making the object, sets two attributes on some entries, one twice.
            case moreValues
            /// Makes nothing for every third entry.
            case skips
            /// An extra `Author` for every fifth entry.
            case extraObject
            /// Links entry 9's author (a relationship).
            case link
            /// Two default objects for every fourth entry.
            case twoDefaults
            /// Its own error at entry 13.
            case ownError
            /// A word count of the wrong kind at entry 12.
            case wrongKind
            /// Reads the object it made at entry 10.
            case readsDestination
        }
        let twist: Twist

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            let key = source.primaryKey
            if twist == .skips, key % 3 == 0 { return }
            let early = twist == .moreValues ? try context.value("text", of: source) : .null
            guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
            let text = try context.value("text", of: source)
            try context.update(entry, values: ["wordCount": .integer(Int64(text.isNull ? -1 : text.text.utf8.count))])
            switch twist {
            case .none, .skips: break
            case .moreValues:
                if key % 2 == 0 {
                    try context.update(
                        entry, values: ["moodName": .string("mood \(key)"), "wordCount": .integer(early.isNull ? 0 : 1)])
                }
                if key % 3 == 0 { try context.update(entry, values: ["moodName": .null]) }
            case .extraObject:
                if key % 5 == 0 { _ = try context.insert("Author", values: ["name": .string("extra \(key)")]) }
            case .link:
                if key == 9 { try context.link(entry, "author", to: []) }
            case .twoDefaults:
                if key % 4 == 0 { try context.createDefaultDestinationInstance(for: source, mapping: mapping) }
            case .ownError:
                if key == 13 { throw ExpressionEvaluationError("entry 13 refused") }
            case .wrongKind:
                if key == 12 { try context.update(entry, values: ["wordCount": .string("twelve")]) }
            case .readsDestination:
                if key == 10 {
                    let read = try context.value("wordCount", of: entry)
                    try context.update(entry, values: ["moodName": .string("read \(read)")])
                }
            }
        }

        var customizesRelationships: Bool { false }
    }

    /// Journal 4 stores from the sample's split.
    static func journal4(seed: UInt64, count: Int) throws -> String {
        let journal3 = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: seed, count: count))
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), policies: SampleApp.policies)
        return try SampleJournalStore.run(step, source: journal3)
    }

    /// The step 4 → 5 with `policy` as `WordCount` (and the entries' `filter`, if given): the store's dump or
    /// the error, and the mappings folded.
    static func run(_ source: String, policy: any MigrationPolicy, filter: String?, folds: Bool, batchSize: Int) throws
        -> (result: String, folded: Set<String>)
    {
        var policies = MigrationPolicyRegistry()
        policies.register(policy, named: WordCountPolicy.name)
        var text = try String(
            contentsOf: SampleApp.examplesFolder.appendingPathComponent("Mappings/journal-4-to-5.yaml"), encoding: .utf8)
        if let filter {
            text = text.replacingOccurrences(
                of: "    policy: WordCount\n", with: "    policy: WordCount\n    filter: \(filter)\n")
        }
        var step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "journal-4-to-5.yaml"),
            sourceModel: SampleJournalStore.version(4), destinationModel: SampleJournalStore.version(5),
            policies: policies, batchSize: batchSize)
        step.foldsPolicies = folds
        let statistics = MappedStepStatistics()
        step.statistics = statistics
        do {
            return (try MappedStepDifferentialTests.dump(try SampleJournalStore.run(step, source: source)), statistics.foldedMappings)
        } catch let error as MappingRuntimeError {
            return ("\(error.mapping) \(error.entity) \(error.primaryKey): \(error.message)", statistics.foldedMappings)
        }
    }

    @Test(
        "the sample's policy is folded and writes the store row by row writes",
        arguments: [(UInt64(21), 120, 7, nil), (22, 300, 2_000, nil), (23, 90, 16, "$source.mood != 2")] as [(UInt64, Int, Int, String?)])
    func samplePolicy(seed: UInt64, count: Int, batchSize: Int, filter: String?) throws {
        let source = try Self.journal4(seed: seed, count: count)
        let folded = try Self.run(source, policy: WordCountPolicy(), filter: filter, folds: true, batchSize: batchSize)
        let rowByRow = try Self.run(source, policy: WordCountPolicy(), filter: filter, folds: false, batchSize: batchSize)
        #expect(folded.result == rowByRow.result)
        #expect(folded.result.contains("ZENTRY"))
        #expect(folded.folded == ["EntryToEntry"])
        #expect(rowByRow.folded.isEmpty)
    }

    @Test(
        "a policy doing more, from any entry on, writes the same store or fails the same way",
        arguments: Twisting.Twist.allCases, [7, 2_000])
    func twists(twist: Twisting.Twist, batchSize: Int) throws {
        let source = try Self.journal4(seed: 24, count: 40)
        for filter in [nil, "$source.mood != 1"] {
            let folded = try Self.run(
                source, policy: Twisting(twist: twist), filter: filter, folds: true, batchSize: batchSize)
            let rowByRow = try Self.run(
                source, policy: Twisting(twist: twist), filter: filter, folds: false, batchSize: batchSize)
            #expect(folded.result == rowByRow.result, "\(twist) \(filter ?? "")")
            if [.none, .moreValues, .skips].contains(twist) { #expect(folded.folded == ["EntryToEntry"]) }
            if twist == .ownError, filter == nil { #expect(folded.result == "EntryToEntry Entry 13: entry 13 refused") }
        }
    }
}
