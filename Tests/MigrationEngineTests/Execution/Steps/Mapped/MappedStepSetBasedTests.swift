import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// The set-based mapped step against the row-by-row one: same stores, less work.
@Suite("Set-based mapped step")
struct MappedStepSetBasedTests {
    /// Authors with Unicode spaces (which SQLite's own `trim` would keep), decomposed accents, case, `nil`,
    /// blanks and repeats, so that filter, merge and `trim` all matter.
    static let entries: [(String?, Int, String)] = [
        ("Ada Lovelace", 1, "one two three"), ("\u{3000}Ada Lovelace\n", 2, "four"), ("Grace Hopper", 3, "five, six"),
        (nil, 4, ""), ("  ", 0, "seven eight nine ten"), ("Grace Hopper", 2, "eleven"), ("Jose\u{301}", -1, "é e\u{301}"),
        ("Jos\u{E9}", 9, "x"), ("\u{3000}", 3, "y"), ("ada lovelace", 2, "Straße"), ("Grace Hopper ", 1, "a\r\nb"),
    ]

    private func store(_ rows: [[DatabaseValue]]) -> String {
        rows.map { $0.map(\.description).joined(separator: "|") }.joined(separator: "\n")
    }

    /// Every row of the entity tables and `Z_PRIMARYKEY` of the store at `path`.
    private func dump(_ path: String) throws -> String {
        try DatabaseQueue(path: path).read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'Z%') ORDER BY name")
            return try tables.map { table in
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(table).quoted) ORDER BY 1")
                return table + "\n" + store(rows.map { Array($0.databaseValues) })
            }.joined(separator: "\n")
        }
    }

    private func run(
        _ file: String, from: Int, source: String, compiled: Bool, statistics: MappedStepStatistics? = nil,
        batchSize: Int = 3
    ) throws -> String {
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping(file), sourceModel: SampleJournalStore.version(from),
            destinationModel: SampleJournalStore.version(from + 1), policies: SampleApp.policies, batchSize: batchSize)
        step.strategies.set(.compiledExpressions, to: compiled)
        step.statistics = statistics
        return try SampleJournalStore.run(step, source: source)
    }

    @Test("3 → 4 (filter, merge, trim) and 4 → 5 (policy, conditional, string functions) give the row-by-row stores")
    func sameStores() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        let (setBased, rowByRow) = (
            try run("journal-3-to-4.yaml", from: 3, source: source, compiled: true),
            try run("journal-3-to-4.yaml", from: 3, source: source, compiled: false)
        )
        #expect(try dump(setBased) == dump(rowByRow))
        let authors = try DatabaseQueue(path: setBased).read { try String.fetchAll($0, sql: "SELECT ZNAME FROM ZAUTHOR") }
        #expect(authors == ["Ada Lovelace", "Grace Hopper", "Jose\u{301}", "Jos\u{E9}", "ada lovelace"])
        let next = (
            try run("journal-4-to-5.yaml", from: 4, source: setBased, compiled: true),
            try run("journal-4-to-5.yaml", from: 4, source: setBased, compiled: false)
        )
        #expect(try dump(next.0) == dump(next.1))
    }

    @Test("each entry–author pair is written once: with the row, or by stage 2 but not again through the inverse")
    func pairsWrittenOnce() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        for compiled in [true, false] {
            let statistics = MappedStepStatistics()
            let out = try run("journal-3-to-4.yaml", from: 3, source: source, compiled: compiled, statistics: statistics)
            let linked = try DatabaseQueue(path: out).read {
                try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY WHERE ZAUTHOR IS NOT NULL")
            }
            #expect(linked == 8)
            // Compiled, EntryToAuthor runs first and each entry's author is part of its insert: stage 2 writes
            // nothing. Row by row, stage 2 sets Entry.author once and skips Author.entries, its inverse.
            #expect(statistics.relationshipRowsWritten == (compiled ? 0 : 8))
        }
    }

    @Test("the split runs as SQL, without identity associations; 4 → 5 writes each entry's author with its row, same stores")
    func setBasedWork() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        let split = MappedStepStatistics()
        let out = try run("journal-3-to-4.yaml", from: 3, source: source, compiled: true, statistics: split)
        #expect(split.setBasedMappings == ["EntryToEntry", "EntryToAuthor"])
        // EntryToEntry keeps every Z_PK, and each entry's author is found from the merge's own tables
        // (EntryToAuthor's key, or the object an entry made): nothing reads the associations, none is written.
        #expect(split.identityAssociationRowsWritten == 0)
        #expect(split.mergeAssociationRowsWritten == 0)
        let next = MappedStepStatistics()
        let compiled = try run("journal-4-to-5.yaml", from: 4, source: out, compiled: true, statistics: next)
        #expect(next.setBasedMappings == ["AuthorToAuthor"])
        // The policy's entries get their author with their rows (AuthorToAuthor keeps each source key), and
        // Author.entries is the same foreign key read the other way: stage 2 neither writes a row nor reads
        // AuthorToAuthor's associations.
        #expect(next.identityAssociationRowsWritten == 0)
        #expect(next.relationshipRowsWritten == 0)
        #expect(try dump(compiled) == dump(try run("journal-4-to-5.yaml", from: 4, source: out, compiled: false)))
    }

    @Test("a merge's associations are written when stage 2 reads them: one per entry the filter keeps, same store")
    func mergeAssociationsWhenRead() throws {
        let text = try String(
            contentsOf: SampleApp.examplesFolder.appendingPathComponent("Mappings/journal-3-to-4.yaml"), encoding: .utf8)
        // Without Entry.author, the pairs come from Author.entries, which reads EntryToAuthor's associations.
        let inverseOnly = text.replacingOccurrences(
            of: "    relationships:\n      author: { mapping: EntryToAuthor }\n", with: "")
        #expect(inverseOnly != text)
        let source = try SampleJournalStore.journal3(Self.entries)
        var dumps: [String] = []
        for compiled in [true, false] {
            var step = try MappedStep(
                mapping: try MappingFileReader.read(inverseOnly, path: "inverse.yaml"),
                sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4), batchSize: 2)
            step.strategies.set(.compiledExpressions, to: compiled)
            let statistics = MappedStepStatistics()
            step.statistics = statistics
            dumps.append(try dump(try SampleJournalStore.run(step, source: source)))
            #expect(statistics.mergeAssociationRowsWritten == (compiled ? 8 : 0))
        }
        #expect(dumps[0] == dumps[1])
    }

    @Test("merges across batches (keys first seen, repeated within and after a batch) give the row-by-row store")
    func mergeAcrossBatches() throws {
        // Six copies of the entries over Z_PK 1…66; batch size 1 reads Z_PK ranges of 25, so three batches.
        let entries = Array(repeating: Self.entries, count: 6).flatMap { $0 }
        let source = try SampleJournalStore.journal3(entries)
        let statistics = MappedStepStatistics()
        let setBased = try run(
            "journal-3-to-4.yaml", from: 3, source: source, compiled: true, statistics: statistics, batchSize: 1)
        #expect(statistics.setBasedMappings.contains("EntryToAuthor"))
        #expect(
            try dump(setBased)
                == dump(try run("journal-3-to-4.yaml", from: 3, source: source, compiled: false, batchSize: 1)))
        let authors = try DatabaseQueue(path: setBased).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZAUTHOR")
        }
        #expect(authors == 5)
    }

    @Test("a row the compiled SQL cannot map exactly is mapped by the evaluator, which reports the error's place")
    func fallback() throws {
        let source = try SampleJournalStore.journal3(Self.entries)
        let text =
            "from: Journal 3\nto: Journal 4\nmappings:\n  - source: Entry\n    destination: Entry\n"
            + "    attributes:\n      mood: 100 / ($source.mood - 9)\n"
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "late.yaml"), sourceModel: SampleJournalStore.version(3),
            destinationModel: SampleJournalStore.version(4), batchSize: 2)
        #expect(
            throws: MappingRuntimeError(
                mapping: "EntryToEntry", entity: "Entry", primaryKey: 8, expression: "100 / ($source.mood - 9)",
                location: "late.yaml:7:13", message: "division by zero: 100 / 0")
        ) { try SampleJournalStore.run(step, source: source) }
    }
}
