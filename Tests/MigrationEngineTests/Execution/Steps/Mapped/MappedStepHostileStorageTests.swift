import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// Source values of storage classes other than their attributes' (a hostile or damaged store): the set-based
/// step must write exactly what the object-by-object step writes, or fail exactly as it does. Its statements
/// check each row's storage classes once (``ExpressionSQLBridge/rowGuard(_:)``) instead of once per read;
/// a guard letting a wrong class through copies it as it is, which these stores would show.
@Suite("Mapped step: hostile storage classes, set-based against object by object")
struct MappedStepHostileStorageTests {
    /// One value written over a generated entry: column, SQL value, and whether the set-based step still
    /// runs (a class the attribute's type reads without the evaluator: `NULL`, an integer date, any integer).
    struct Hostile: Sendable, CustomTestStringConvertible {
        var column: String
        var value: String
        var staysSetBased: Bool
        var testDescription: String { "\(column) = \(value)" }
    }

    static let cases: [Hostile] = [
        Hostile(column: "ZMOOD", value: "'seven'", staysSetBased: false),
        Hostile(column: "ZMOOD", value: "2.5", staysSetBased: false),
        Hostile(column: "ZMOOD", value: "x'07'", staysSetBased: false),
        // REALs no Int64 holds: reading them as integers used to trap.
        Hostile(column: "ZMOOD", value: "1e300", staysSetBased: false),
        Hostile(column: "ZMOOD", value: "-9e999", staysSetBased: false),
        Hostile(column: "ZMOOD", value: "9.3e18", staysSetBased: false),
        Hostile(column: "ZMOOD", value: "4611686018427387904", staysSetBased: true),
        Hostile(column: "ZMOOD", value: "-9223372036854775808", staysSetBased: true),
        Hostile(column: "ZMOOD", value: "NULL", staysSetBased: true),
        Hostile(column: "ZCREATED", value: "'soon'", staysSetBased: false),
        Hostile(column: "ZCREATED", value: "x'00'", staysSetBased: false),
        Hostile(column: "ZCREATED", value: "9223372036854775807", staysSetBased: true),
        Hostile(column: "ZCREATED", value: "NULL", staysSetBased: true),
        Hostile(column: "ZFAVORITE", value: "0.5", staysSetBased: true),
        Hostile(column: "ZFAVORITE", value: "'yes'", staysSetBased: false),
        Hostile(column: "ZFAVORITE", value: "x'01'", staysSetBased: false),
        Hostile(column: "ZFAVORITE", value: "7", staysSetBased: true),
        Hostile(column: "ZAUTHOR", value: "x'416461'", staysSetBased: false),
        Hostile(column: "ZAUTHOR", value: "NULL", staysSetBased: true),
        Hostile(column: "ZTITLE", value: "x'5469746c65'", staysSetBased: false),
        Hostile(column: "ZTEXT", value: "x''", staysSetBased: false),
    ]

    /// The store's rows as text with their storage classes, or the step's error.
    static func outcome(_ mapping: MappingModel, source: String, fast: Bool, statistics: MappedStepStatistics)
        throws -> String
    {
        var step = try MappedStep(
            mapping: mapping, sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4),
            batchSize: 2)
        step.strategies.set(.compiledExpressions, to: fast)
        step.strategies.set(.bulkLinks, to: fast)
        step.strategies.set(.batchedInserts, to: fast)
        step.statistics = statistics
        do {
            let dump = try StoreDump(try SampleJournalStore.run(step, source: source))
            return try ["ZAUTHOR", "ZENTRY", "Z_PRIMARYKEY"].map { table in
                table + "\n" + (try dump.rows(table)).map { $0.joined(separator: "|") }.joined(separator: "\n")
            }.joined(separator: "\n")
        } catch let error as MappingRuntimeError {
            return "failed: \(error.mapping) \(error.primaryKey): \(error.message)"
        }
    }

    /// A Journal 3 store of generated entries with `hostile` written over entry `key`.
    static func store(_ hostile: Hostile, key: Int) throws -> String {
        let source = try SampleJournalStore.journal3(MappedStepDifferentialTests.entries(seed: 9, count: 30))
        let queue = try DatabaseQueue(path: source)
        try queue.write { db in
            try db.execute(sql: "UPDATE ZENTRY SET \(hostile.column) = \(hostile.value) WHERE Z_PK = \(key)")
            let stored = try String.fetchOne(
                db, sql: "SELECT typeof(\(hostile.column)) FROM ZENTRY WHERE Z_PK = \(key)")
            let expected = try String.fetchOne(db, sql: "SELECT typeof(\(hostile.value))")
            // The column's affinity must not have turned the value into the class the attribute expects.
            #expect(stored == expected, "\(hostile.testDescription) is stored as \(stored ?? "?")")
        }
        try queue.close()
        return source
    }

    @Test("the sample's split writes, or refuses, what object by object does", arguments: cases, [1, 17, 30])
    func split(hostile: Hostile, key: Int) throws {
        let source = try Self.store(hostile, key: key)
        let mapping = try SampleJournalStore.mapping("journal-3-to-4.yaml")
        let fast = MappedStepStatistics()
        let outcome = try Self.outcome(mapping, source: source, fast: true, statistics: fast)
        #expect(outcome == (try Self.outcome(mapping, source: source, fast: false, statistics: MappedStepStatistics())))
        // The Authors are numbered in the entries' copy, unless a row the guard refuses sends both mappings
        // back to their own passes.
        if hostile.staysSetBased, !outcome.hasPrefix("failed") {
            #expect(fast.setBasedMappings == ["EntryToEntry", "EntryToAuthor"])
            #expect(fast.fusedMerges == ["EntryToAuthor"])
        }
        if !hostile.staysSetBased {
            #expect(fast.setBasedMappings.count < 2)
            #expect(fast.fusedMerges.isEmpty)
        }
    }

    /// Every attribute read several ways: in a filter, a merge key and values, through the bridge (`trim`,
    /// arithmetic) and natively (comparison, `IS NULL`, a conditional's branches).
    static let expressions = """
        from: Journal 3
        to: Journal 4
        mappings:
          - name: EntryToEntry
            source: Entry
            destination: Entry
            filter: $source.mood == nil OR $source.mood > -1 OR $source.favorite
            attributes:
              mood: '$source.mood == nil ? 2 : $source.mood + 1'
              created: $source.created
              favorite: $source.favorite
              text: $source.text + "!"
              title: '$source.favorite ? trim($source.title) : $source.text'
            relationships:
              author: { mapping: EntryToAuthor }
          - name: EntryToAuthor
            source: Entry
            destination: Author
            filter: $source.author != nil AND trim($source.author) != ""
            merge: $source.mood
            attributes:
              name: trim($source.author)
            relationships:
              entries: { mapping: EntryToEntry }
        """

    @Test("filters, integer merge keys and computed values read the same classes object by object", arguments: cases)
    func computed(hostile: Hostile) throws {
        let source = try Self.store(hostile, key: 4)
        let mapping = try MappingFileReader.read(Self.expressions, path: "hostile.yaml")
        let fast = MappedStepStatistics()
        let outcome = try Self.outcome(mapping, source: source, fast: true, statistics: fast)
        #expect(outcome == (try Self.outcome(mapping, source: source, fast: false, statistics: MappedStepStatistics())))
        #expect(outcome.contains("ZENTRY") || outcome.hasPrefix("failed"))
    }

    /// A REAL in an integer column is read as the number it is: a whole one as an integer, any other
    /// (fractional, beyond Int64, infinite) as a double, never truncated on the way in nor trapping.
    @Test("a REAL in an integer column is read as it is", arguments: [2.5, 1e300, -.infinity, 9.3e18, -4.0])
    func realInIntegerColumn(number: Double) {
        let read = ColumnValueCoding.read(DatabaseValue(value: number)!, as: .integer64)
        if let whole = Int64(exactly: number) {
            #expect(read == .integer(whole))
        } else {
            #expect(read == .double(number))
        }
    }

    /// A mood no integer attribute can hold stops the step with the object and the value named, the same on
    /// either path, instead of stopping the process.
    @Test("an integer attribute holding 1e300 fails the step, naming the value")
    func hugeRealFails() throws {
        let source = try Self.store(Hostile(column: "ZMOOD", value: "1e300", staysSetBased: false), key: 5)
        let mapping = try SampleJournalStore.mapping("journal-3-to-4.yaml")
        let outcome = try Self.outcome(mapping, source: source, fast: false, statistics: MappedStepStatistics())
        #expect(outcome.hasPrefix("failed: EntryToEntry 5:"), "\(outcome)")
        #expect(outcome.contains("1e+300"), "\(outcome)")
    }
}
