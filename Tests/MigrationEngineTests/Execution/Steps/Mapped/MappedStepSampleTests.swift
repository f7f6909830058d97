import Crypto
import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Mapped step on the sample app")
struct MappedStepSampleTests {
    static let entries: [(String?, Int, String)] = [
        ("Ada Lovelace", 1, "one two three"), (" Ada Lovelace ", 2, "four"), ("Grace Hopper", 3, "five, six"),
        (nil, 4, ""), ("  ", 0, "seven eight nine ten"), ("Grace Hopper", 2, "eleven"),
    ]

    private func split(_ source: String) throws -> String {
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), batchSize: 4)
        return try SampleJournalStore.run(step, source: source)
    }

    @Test("3 → 4 splits authors out, merging equal names and skipping blank ones")
    func splitAndMerge() throws {
        let out = try split(try SampleJournalStore.journal3(Self.entries))
        let (authors, links, maxima, leftovers) = try DatabaseQueue(path: out).read { db in
            (
                try String.fetchAll(db, sql: "SELECT ZNAME FROM ZAUTHOR ORDER BY Z_PK"),
                try Row.fetchAll(
                    db,
                    sql: "SELECT e.Z_PK, a.ZNAME, e.ZTEXT FROM ZENTRY e LEFT JOIN ZAUTHOR a ON a.Z_PK = e.ZAUTHOR ORDER BY e.Z_PK"
                ),
                try Row.fetchAll(db, sql: "SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_NAME"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '_CDMIGRATE%'")
            )
        }
        #expect(authors == ["Ada Lovelace", "Grace Hopper"])
        #expect(links.map { $0[0] as Int64 } == [1, 2, 3, 4, 5, 6])
        #expect(links.map { $0[1] as String? } == ["Ada Lovelace", "Ada Lovelace", "Grace Hopper", nil, nil, "Grace Hopper"])
        #expect(links.map { $0[2] as String } == Self.entries.map(\.2))
        #expect(maxima.map { "\($0[0] as String)=\($0[1] as Int)" } == ["Author=2", "Entry=6"])
        #expect(leftovers == 0)
    }

    @Test("4 → 5 runs the WordCount Swift policy and the mood and initials expressions")
    func policy() throws {
        let v4 = try split(try SampleJournalStore.journal3(Self.entries))
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-4-to-5.yaml"), sourceModel: SampleJournalStore.version(4),
            destinationModel: SampleJournalStore.version(5), policies: SampleApp.policies)
        let out = try SampleJournalStore.run(step, source: v4)
        let rows = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.ZWORDCOUNT, e.ZMOODNAME, a.ZINITIALS FROM ZENTRY e LEFT JOIN ZAUTHOR a ON a.Z_PK = e.ZAUTHOR
                    ORDER BY e.Z_PK
                    """)
        }
        #expect(rows.map { $0[0] as Int } == [3, 1, 2, 0, 4, 1])
        #expect(rows.map { $0[1] as String } == ["bad", "okay", "good", "great", "awful", "okay"])
        #expect(rows.map { $0[2] as String? } == ["A", "A", "G", nil, nil, "G"])
    }

    /// A Journal 3 → 4 step whose Entry mapping sets `mood` to `expression` (written on line 7, column 13).
    private func moodStep(_ expression: String, path: String) throws -> MappedStep {
        let text =
            "from: Journal 3\nto: Journal 4\nmappings:\n  - source: Entry\n    destination: Entry\n"
            + "    attributes:\n      mood: \(expression)\n"
        return try MappedStep(
            mapping: try MappingFileReader.read(text, path: path), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4))
    }

    @Test("a failing expression names mapping, entity, Z_PK, expression and file position, and leaves the source as it was")
    func runtimeError() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        let digest = { Data(SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: source)))) }
        let before = try digest()
        #expect(
            throws: MappingRuntimeError(
                mapping: "EntryToEntry", entity: "Entry", primaryKey: 2, expression: "10 / ($source.mood - 2)",
                location: "bad.yaml:7:13", message: "division by zero: 10 / 0")
        ) {
            try SampleJournalStore.run(try moodStep("10 / ($source.mood - 2)", path: "bad.yaml"), source: source)
        }
        #expect(try digest() == before)
        #expect {
            try SampleJournalStore.run(try moodStep("$source.title", path: "typed.yaml"), source: source)
        } throws: { error in
            (error as? MappingRuntimeError)?.description
                == "typed.yaml:7:13: mapping EntryToEntry, Entry Z_PK 1, expression `$source.title`: type mismatch: "
                + "string \"Entry 1\" cannot be stored in a Integer 16 attribute"
        }
        #expect(try digest() == before)
    }

    @Test(
        "mappings that do not fit the models are rejected with file positions",
        arguments: [
            ("attributes:\n      moood: 1", "m.yaml:7:7: mapping EntryToEntry: Entry in Journal 4 has no attribute moood"),
            (
                "attributes:\n      mood: $source.moood",
                "m.yaml:7:13: mapping EntryToEntry: Entry in Journal 3 has no attribute or relationship moood"
            ),
            ("attributes:\n      mood: shout(1)", "m.yaml:7:13: mapping EntryToEntry: unknown function \"shout\""),
            (
                "relationships:\n      author: { mapping: Nowhere }",
                "m.yaml:7:26: mapping EntryToEntry: there is no entity mapping named Nowhere"
            ),
            (
                "policy: Missing",
                "m.yaml:4:5: mapping EntryToEntry needs the migration policy Missing, which is not registered; register a MigrationPolicy under that name (see docs/guide/mapping-files.md)"
            ),
        ])
    func badMappings(tail: String, message: String) throws {
        let text = "from: Journal 3\nto: Journal 4\nmappings:\n  - source: Entry\n    destination: Entry\n    \(tail)\n"
        #expect {
            try MappedStep(
                mapping: try MappingFileReader.read(text, path: "m.yaml"), sourceModel: SampleJournalStore.version(3),
                destinationModel: SampleJournalStore.version(4))
        } throws: { error in
            (error as? MappingFileError)?.description == message
        }
    }

    @Test("persistent-history tables and their Z_PRIMARYKEY rows come through a mapped step untouched")
    func historyTables() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        try DatabaseQueue(path: source).write { db in
            try db.execute(
                sql: "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHOR VARCHAR )")
            try db.execute(sql: "CREATE INDEX ATRANSACTION_ZAUTHOR ON ATRANSACTION (ZAUTHOR)")
            try db.execute(sql: "INSERT INTO ATRANSACTION VALUES (1, 16001, 1, 'app')")
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY VALUES (16001, 'Transaction', 0, 1)")
        }
        let out = try split(source)
        let (rows, index, key) = try DatabaseQueue(path: out).read { db in
            (
                try String.fetchAll(db, sql: "SELECT ZAUTHOR FROM ATRANSACTION"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'ATRANSACTION_ZAUTHOR'"),
                try Int.fetchOne(db, sql: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 16001")
            )
        }
        #expect(rows == ["app"] && index == 1 && key == 1)
    }

    @Test("a store at another version is refused before anything is written")
    func wrongVersion() throws {
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-4-to-5.yaml"), sourceModel: SampleJournalStore.version(4),
            destinationModel: SampleJournalStore.version(5), policies: SampleApp.policies)
        #expect(throws: StoreWriteError.self) {
            try SampleJournalStore.run(step, source: try SampleJournalStore.journal3(Self.entries))
        }
    }

    private func authorStep(_ relationship: String, extra: String = "") throws -> MappedStep {
        let text = """
            from: Journal 3
            to: Journal 4
            mappings:
              - name: EntryToEntry
                source: Entry
                destination: Entry
                relationships:
                  author: \(relationship)
              - name: EntryToAuthor
                source: Entry
                destination: Author
                filter: $source.author != nil AND trim($source.author) != ""
                merge: trim($source.author)
                attributes: { name: trim($source.author) }
            \(extra)
            """
        return try MappedStep(
            mapping: try MappingFileReader.read(text, path: "authors.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4))
    }

    @Test("computed relationship values are linked object by object")
    func computedRelationship() throws {
        let lookup =
            #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "EntryToAuthor", $source)"#
        let out = try SampleJournalStore.run(
            try authorStep("'$source.mood > 2 ? \(lookup) : nil'"), source: try SampleJournalStore.journal3(Self.entries))
        let names = try DatabaseQueue(path: out).read { db in
            try String?.fetchAll(
                db, sql: "SELECT a.ZNAME FROM ZENTRY e LEFT JOIN ZAUTHOR a ON a.Z_PK = e.ZAUTHOR ORDER BY e.Z_PK")
        }
        #expect(names == [nil, nil, "Grace Hopper", nil, nil, nil])
    }

    @Test("a to-one relationship given two objects fails naming the object and expression")
    func ambiguousToOne() throws {
        let extra = """
              - name: EntryToInitial
                source: Entry
                destination: Author
                filter: $source.author != nil AND trim($source.author) != ""
                merge: prefix(trim($source.author), 1)
                attributes:
                  name: prefix(trim($source.author), 1)
            """
        let step = try authorStep(
            "'{FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"EntryToAuthor\", $source), FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"EntryToInitial\", $source)}'",
            extra: extra)
        #expect {
            try SampleJournalStore.run(step, source: try SampleJournalStore.journal3(Self.entries))
        } throws: { error in
            let failure = error as? MappingRuntimeError
            return failure?.primaryKey == 1 && failure?.mapping == "EntryToEntry"
                && failure?.message == "Entry.author is a to-one relationship but the mapping gave 2 objects"
        }
    }

    @Test("a cancelled run stops between batches")
    func cancellation() throws {
        let step = try MappedStep(
            mapping: try SampleJournalStore.mapping("journal-3-to-4.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), batchSize: 2)
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: MigrationCancelled.self) {
            try SampleJournalStore.run(step, source: try SampleJournalStore.journal3(Self.entries), cancellation: flag)
        }
    }
}
