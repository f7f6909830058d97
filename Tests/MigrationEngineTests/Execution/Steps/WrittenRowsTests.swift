import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 12: an inferred copy hands validation the rows it wrote, so the result's rows are not read again
/// where the copy's statements fix them; whatever those statements cannot fix is still read, and every
/// problem that was refused before is refused still.
@Suite("Rows a step is known to have written")
struct WrittenRowsTests {
    /// Runs `from` → `to` as a copy (never in place) and answers the result and what the step recorded.
    static func copy(_ from: Int, _ to: Int, source: String) throws -> (path: String, written: [String: [Int: Int]]) {
        var step = InferredStep(sourceModel: SampleJournalStore.version(from), destinationModel: SampleJournalStore.version(to))
        step.renamesInPlace = false
        let destination = try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path
        var context = StepContext(
            sourcePath: source, destinationPath: destination, index: 0, report: { _ in }, cancellation: CancellationFlag())
        let written = WrittenRows()
        context.written = written
        try step.perform(context)
        return (destination, written.recorded)
    }

    /// Runs `statements` on the store at `path`.
    static func change(_ path: String, _ statements: [String]) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
    }

    @Test("A copy whose required columns all take a constant default records its table with the rows inserted")
    func copyRecordsItsTable() throws {
        // Journal 1 → 3 adds the required `favorite` with its default NO: every row's number and required
        // column are the copy statement's constants.
        let source = try JournalFixture.store(version: 1, entries: 40)
        let result = try Self.copy(1, 3, source: source)
        #expect(result.written == ["ZENTRY": [1: 40]])
        let counts = try StoreValidator(model: SampleJournalStore.version(3)).validateCounting(
            result.path, expectedCounts: ["Entry": 40], written: result.written)
        #expect(counts.byEntity == ["Entry": 40] && counts.byTable == ["ZENTRY": [1: 40]])
    }

    @Test("A required column taken from the source is not vouched for: the result's rows are read, and a NULL refused")
    func requiredFromSourceStillRead() throws {
        // Journal 2 already has `favorite`, required: the copy takes it as it is, NULL included.
        let source = try JournalFixture.store(version: 2, entries: 10)
        try Self.change(source, ["UPDATE ZENTRY SET ZFAVORITE = NULL WHERE Z_PK = 3"])
        let result = try Self.copy(2, 3, source: source)
        #expect(result.written.isEmpty)
        do {
            _ = try StoreValidator(model: SampleJournalStore.version(3)).validateCounting(
                result.path, expectedCounts: ["Entry": 10], checksIntegrity: false, written: result.written)
            Issue.record("a required attribute left empty passed")
        } catch {
            #expect("\(error)".contains("required attribute Entry.favorite"))
        }
    }

    @Test("The counts recorded are still held to the source's: a copy that drops rows is refused")
    func droppedRowsRefused() throws {
        let source = try JournalFixture.store(version: 1, entries: 20)
        let result = try Self.copy(1, 3, source: source)
        // What a copy that lost rows would leave: fewer rows than the source's 20, whatever it recorded.
        try Self.change(result.path, ["DELETE FROM ZENTRY WHERE Z_PK > 15"])
        #expect(throws: ExecutionError.self) {
            _ = try StoreValidator(model: SampleJournalStore.version(3)).validateCounting(
                result.path, expectedCounts: ["Entry": 20], checksIntegrity: false, written: ["ZENTRY": [1: 15]])
        }
    }

    @Test("A recorded table's highest key is still read from the file and held to Z_MAX")
    func keyAboveMaximumRefused() throws {
        let source = try JournalFixture.store(version: 1, entries: 5)
        let result = try Self.copy(1, 3, source: source)
        try Self.change(result.path, ["UPDATE ZENTRY SET Z_PK = 900 WHERE Z_PK = 5"])
        do {
            _ = try StoreValidator(model: SampleJournalStore.version(3)).validateCounting(
                result.path, expectedCounts: ["Entry": 5], checksIntegrity: false, written: result.written)
            Issue.record("a key above Z_MAX passed")
        } catch {
            #expect("\(error)".contains("above Z_MAX"))
        }
    }

    @Test("A result damaged after its step is refused by the integrity check, rows recorded or not")
    func damageAfterTheStepRefused() throws {
        let source = try JournalFixture.store(version: 1, entries: 30)
        let result = try Self.copy(1, 3, source: source)
        // The header's freelist count claims pages that are not there: every row still reads.
        let handle = try #require(FileHandle(forWritingAtPath: result.path))
        try handle.seek(toOffset: 36)
        try handle.write(contentsOf: Data([0, 0, 0, 5]))
        try handle.close()
        do {
            _ = try StoreValidator(model: SampleJournalStore.version(3)).validateCounting(
                result.path, expectedCounts: ["Entry": 30], written: result.written)
            Issue.record("a damaged result passed")
        } catch {
            #expect("\(error)".contains("integrity_check"))
        }
    }

    @Test("A source row of another entity, which the copy leaves behind, stops the run before the swap")
    func foreignSourceRowStopsTheRun() throws {
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let store = try JournalFixture.store(version: 1, entries: 25)
        try Self.change(store, ["UPDATE ZENTRY SET Z_ENT = 7 WHERE Z_PK = 4"])
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let planning = try project.plan(store: store, target: "Journal 3", checksIntegrity: false)
        let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)
        do {
            try project.migrate([planning], options: options)
            Issue.record("a run that dropped a row swapped its result in")
        } catch {
            // The count stopped it ("Entry has 24 rows, expected 25"); the error then names the row of no entity.
            #expect("\(error)".contains("Entry 4 breaks Journal 1: entity number 7 names no entity of ZENTRY"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try StorePaths(storePath: store).leftovers().isEmpty)
    }

    @Test("The one-entity pass refuses what the aggregating pass refused, in its words")
    func oneEntityPassFallsBack() throws {
        let model = SampleJournalStore.version(3)
        let cases: [(String, String)] = [
            ("UPDATE ZENTRY SET ZFAVORITE = NULL WHERE Z_PK = 2", "required attribute Entry.favorite"),
            ("UPDATE ZENTRY SET Z_ENT = 7 WHERE Z_PK = 2", "entity number 7"),
            ("UPDATE ZENTRY SET Z_ENT = NULL WHERE Z_PK = 2", "entity number"),
        ]
        for (statement, expected) in cases {
            let path = try SampleJournalStore.journal3([("Ann", 2, "one"), (nil, 3, "two"), ("Bo", 1, "three")])
            #expect(
                try StoreValidator(model: model).validate(path, expectedCounts: ["Entry": 3], checksIntegrity: false) == [
                    "Entry": 3
                ])
            try Self.change(path, [statement])
            do {
                try StoreValidator(model: model).validate(path, checksIntegrity: false)
                Issue.record("passed after \(statement)")
            } catch {
                #expect("\(error)".contains(expected), "\(statement): \(error)")
            }
        }
    }
}
