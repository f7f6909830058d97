import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// The mapped step's fast paths (compiled SQL and batched inserts in stage 1, bulk links in stage 2) against
/// the step with them turned off, on generated stores: every table's rows in storage order and the schema
/// must be the same.
@Suite("Mapped step: fast paths against object by object")
struct MappedStepDifferentialTests {
    /// Authors that make the filter, the merge and `trim` matter (Unicode spaces, decomposed accents, case,
    /// blanks, `nil`), and texts the word count reads differently (punctuation, CR LF, non-ASCII).
    static let authors: [String?] = [
        "Ada Lovelace", "\u{3000}Ada Lovelace\n", "Grace Hopper", nil, "  ", "Grace Hopper ", "Jose\u{301}", "Jos\u{E9}",
        "ada lovelace", "\u{3000}", "", "Alan Turing",
    ]
    static let texts = ["one two three", "", "five, six", "a\r\nb", "é e\u{301} Straße", "x", "seven eight nine ten"]

    static func entries(seed: UInt64, count: Int) -> [(String?, Int, String)] {
        var generator = SeededGenerator(seed: seed)
        let pick = { (bound: Int) in Int(generator.next() % UInt64(bound)) }
        return (0..<count).map { _ in
            (authors[pick(authors.count)], pick(9) - 2, texts[pick(texts.count)])
        }
    }

    /// The schema (in `sqlite_master` order) and every table's rows in rowid order.
    static func dump(_ path: String) throws -> String {
        try DatabaseQueue(path: path).read { db in
            let schema = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid")
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
            let rows = try tables.map { table in
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(table).quoted)")
                return table + "\n" + rows.map { "\($0.databaseValues.map(\.description))" }.joined(separator: "\n")
            }
            return schema.map(\.description).joined(separator: "\n") + "\n" + rows.joined(separator: "\n")
        }
    }

    static func run(_ file: String, from: Int, source: String, fast: Bool, batchSize: Int) throws -> String {
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping(file), sourceModel: SampleJournalStore.version(from),
            destinationModel: SampleJournalStore.version(from + 1), policies: SampleApp.policies, batchSize: batchSize)
        step.strategies.set(.compiledExpressions, to: fast)
        step.strategies.set(.bulkLinks, to: fast)
        step.strategies.set(.batchedInserts, to: fast)
        return try SampleJournalStore.run(step, source: source)
    }

    @Test(
        "the sample's split (3 → 4) and policy step (4 → 5) write the same stores both ways",
        arguments: [(UInt64(1), 40, 1), (2, 200, 7), (3, 500, 2_000)])
    func sampleSteps(seed: UInt64, count: Int, batchSize: Int) throws {
        let source = try SampleJournalStore.journal3(Self.entries(seed: seed, count: count))
        let split = try Self.run("journal-3-to-4.yaml", from: 3, source: source, fast: true, batchSize: batchSize)
        let reference = try Self.run("journal-3-to-4.yaml", from: 3, source: source, fast: false, batchSize: batchSize)
        #expect(try Self.dump(split) == Self.dump(reference))
        let policy = try Self.run("journal-4-to-5.yaml", from: 4, source: split, fast: true, batchSize: batchSize)
        let policyReference = try Self.run("journal-4-to-5.yaml", from: 4, source: split, fast: false, batchSize: batchSize)
        #expect(try Self.dump(policy) == Self.dump(policyReference))
    }

    /// Merges of other shapes than the sample's (Journal 3 → 4, each entry's Author made by `EntryToAuthor`):
    /// keys that are `nil` (each such entry gets an Author of its own), integer keys under a filter, and the
    /// entry–author pairs written from `Entry.author` at insert, from `Author.entries` alone (stage 2 reads
    /// the merge's associations), or both.
    enum MergeShape: String, CaseIterable, Sendable {
        case nilKeys, nilKeysInverseOnly, integerKeysFiltered, trimmedInverseOnly, trimmedToOneOnly
        /// Keys and filters that could give another value if evaluated again: their kept rows are recorded.
        case uuidKeys, clockFiltered

        /// Whether each entry's author is written from `Entry.author` (not only from `Author.entries`).
        var linksEntries: Bool { ![.nilKeysInverseOnly, .trimmedInverseOnly].contains(self) }

        /// Whether the merge's filter and key give the same values when evaluated again.
        var isRepeatable: Bool { ![.uuidKeys, .clockFiltered].contains(self) }

        var mapping: String {
            let (filter, key, name) =
                switch self {
                case .nilKeys, .nilKeysInverseOnly: ("", "$source.author", "$source.author")
                case .integerKeysFiltered: ("    filter: $source.mood > 0\n", "$source.mood", "$source.title")
                case .uuidKeys: ("", "uuid()", "$source.title")
                case .clockFiltered:
                    (
                        "    filter: $source.author != nil AND now() > date(\"2001-01-01T00:00:00Z\")\n",
                        "trim($source.author)", "trim($source.author)"
                    )
                case .trimmedInverseOnly, .trimmedToOneOnly:
                    (
                        "    filter: $source.author != nil AND trim($source.author) != \"\"\n", "trim($source.author)",
                        "trim($source.author)"
                    )
                }
            let toOne =
                !linksEntries
                ? "" : "    relationships:\n      author: { mapping: EntryToAuthor }\n"
            let toMany = self == .trimmedToOneOnly ? "" : "    relationships:\n      entries: { mapping: EntryToEntry }\n"
            return """
                from: Journal 3
                to: Journal 4
                mappings:
                  - name: EntryToEntry
                    source: Entry
                    destination: Entry

                """ + toOne + """
                      - name: EntryToAuthor
                        source: Entry
                        destination: Author

                    """ + filter + "    merge: \(key)\n    attributes:\n      name: \(name)\n" + toMany
        }
    }

    @Test(
        "merges with nil keys, integer keys and filters, linked either way, write the same stores both ways",
        arguments: MergeShape.allCases, [1, 7])
    func mergeShapes(shape: MergeShape, batchSize: Int) throws {
        let source = try SampleJournalStore.journal3(Self.entries(seed: 6, count: 120))
        var dumps: [String] = []
        // Fused with room for every author, fused with room for 3 (refused: the two passes run), not fused, and
        // object by object.
        for (fast, fuses, room) in [(true, true, 100_000), (true, true, 3), (true, false, 0), (false, false, 0)] {
            var step = try MappedStep(
                mapping: try MappingFileReader.read(shape.mapping, path: "\(shape).yaml"),
                sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4),
                batchSize: batchSize)
            step.strategies.set(.compiledExpressions, to: fast)
            step.strategies.set(.bulkLinks, to: fast)
            step.strategies.set(.fusedMerges, to: fuses)
            step.fusedMergeCapacity = room
            let statistics = MappedStepStatistics()
            step.statistics = statistics
            dumps.append(try Self.dump(try SampleJournalStore.run(step, source: source)))
            #expect(statistics.setBasedMappings == (fast ? ["EntryToEntry", "EntryToAuthor"] : []))
            // A merge whose filter and key repeat finds each row's object from its key again, recording no row;
            // when the entries link to it, it is numbered in their copy.
            #expect((statistics.keptRowsRecorded > 0) == (fast && !shape.isRepeatable))
            let fused = fuses && room > 3 && shape.isRepeatable && shape.linksEntries
            #expect(statistics.fusedMerges == (fused ? ["EntryToAuthor"] : []))
        }
        #expect(dumps.dropFirst().allSatisfy { $0 == dumps[0] })
        #expect(dumps[0].contains("ZAUTHOR"))
    }

    /// The sample's word count, except that stage 1 also looks at what the early-written author key would
    /// show (the entry's author, an author's entries, or a link of its own on the third entry, so that the
    /// keys of earlier entries were already written), or at the associations not written yet (the entries
    /// made so far from the source entry). Each keeps its count in `wordCount`.
    struct Observing: MigrationPolicy {
        enum Look: String, CaseIterable, Sendable { case author, entries, link, instances }
        let look: Look

        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
            var seen = 0
            switch look {
            case .author:
                seen = try context.value("author", of: entry).isNull ? 0 : 1
            case .entries:
                let author = ObjectReference(side: .destination, entity: "Author", primaryKey: 1)
                seen = try context.value("entries", of: author).objects.count
            case .link:
                if source.primaryKey == 3 { try context.link(entry, "author", to: []) }
            case .instances:
                if source.primaryKey % 5 == 0 {
                    seen = try context.destinationInstances(mapping: mapping.name, sources: [source]).count
                }
            }
            try context.update(entry, values: ["wordCount": .integer(Int64(seen))])
        }

        var customizesRelationships: Bool { false }
    }

    @Test(
        "a policy that could see an author key or an association early sees what object by object shows",
        arguments: Observing.Look.allCases, [false, true])
    func earlyKeysUnseen(look: Observing.Look, filtered: Bool) throws {
        let split = try Self.run(
            "journal-3-to-4.yaml", from: 3, source: try SampleJournalStore.journal3(Self.entries(seed: 5, count: 60)),
            fast: true, batchSize: 7)
        var policies = MigrationPolicyRegistry()
        policies.register(Observing(look: look), named: WordCountPolicy.name)
        let file = try String(
            contentsOf: SampleApp.examplesFolder.appendingPathComponent("Mappings/journal-4-to-5.yaml"), encoding: .utf8)
        // A filter leaves gaps in the runs of entries keeping their source keys.
        let text =
            filtered
            ? file.replacingOccurrences(
                of: "    policy: WordCount\n", with: "    policy: WordCount\n    filter: $source.mood != 2\n") : file
        #expect(text.contains("filter") == filtered)
        var dumps: [String] = []
        for fast in [true, false] {
            var step = try MappedStep(
                mapping: try MappingFileReader.read(text, path: "journal-4-to-5.yaml"),
                sourceModel: SampleJournalStore.version(4), destinationModel: SampleJournalStore.version(5),
                policies: policies, batchSize: 7)
            step.strategies.set(.compiledExpressions, to: fast)
            step.strategies.set(.bulkLinks, to: fast)
            step.strategies.set(.batchedInserts, to: fast)
            dumps.append(try Self.dump(try SampleJournalStore.run(step, source: split)))
        }
        #expect(dumps[0] == dumps[1])
        #expect(dumps[0].contains("ZAUTHOR"))
    }

    /// Makes, for each entry it reads, one more object of the mapping `EntryToAuthor` (not its own).
    struct AuthorsTwice: MigrationPolicy {
        func createDestinationInstances(
            for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
        ) throws {
            var other = mapping
            other.name = "EntryToAuthor"
            try context.createDefaultDestinationInstance(for: source, mapping: other)
        }
    }

    @Test("a to-one lookup finding two objects, one made by another mapping's policy, fails as object by object")
    func lookupOfObjectsAnotherPolicyMade() throws {
        let text = """
            from: Journal 3
            to: Journal 4
            mappings:
              - name: EntryToEntry
                source: Entry
                destination: Entry
                relationships:
                  author: { mapping: EntryToAuthor }
              - name: EntryToAuthor
                source: Entry
                destination: Author
                attributes:
                  name: $source.author
              - name: Extra
                source: Entry
                destination: Author
                policy: AuthorsTwice
            """
        var policies = MigrationPolicyRegistry()
        policies.register(AuthorsTwice(), named: "AuthorsTwice")
        let source = try SampleJournalStore.journal3(Self.entries(seed: 4, count: 10))
        var failures: [String] = []
        for fast in [true, false] {
            var step = try MappedStep(
                mapping: try MappingFileReader.read(text, path: "twice.yaml"), sourceModel: SampleJournalStore.version(3),
                destinationModel: SampleJournalStore.version(4), policies: policies)
            step.strategies.set(.compiledExpressions, to: fast)
            step.strategies.set(.bulkLinks, to: fast)
            do {
                _ = try SampleJournalStore.run(step, source: source)
                failures.append("no error")
            } catch let error as MappingRuntimeError {
                failures.append("\(error.mapping) \(error.primaryKey): \(error.message)")
            }
        }
        #expect(failures[0] == failures[1])
        #expect(failures[0] == "EntryToEntry 1: Entry.author is a to-one relationship but the mapping gave 2 objects")
    }
}
