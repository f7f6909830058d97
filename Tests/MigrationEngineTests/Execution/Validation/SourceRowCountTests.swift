import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 12: a mapped step's source is counted whole for the step, and read row by row (on the other core while
/// the step runs) only where the step's result is held to no count; a store holding a row its model cannot
/// have is still refused, with the error that names it.
@Suite("A mapped step's source counted whole, and row by row where nothing else would refuse")
struct SourceRowCountTests {
    /// The sample split Journal 3 → 4, with `filter` on the copy of each entry when given: the copy's count is
    /// then the filter's to decide, and nothing after the step counts the entries it read.
    static func project(filter: String?) throws -> MigrationProject {
        guard let filter else { return try MigrationProject(modelPath: JournalFixture.modelPath) }
        let sample = try String(contentsOfFile: JournalFixture.mappingsPath + "/journal-3-to-4.yaml", encoding: .utf8)
        let filtered = sample.replacingOccurrences(
            of: "    destination: Entry\n", with: "    destination: Entry\n    filter: \(filter)\n")
        #expect(filtered != sample)
        let folder = try TemporaryDirectory.make().path
        try filtered.write(toFile: folder + "/journal-3-to-4.yaml", atomically: true, encoding: .utf8)
        var settings = PlanningSettings()
        settings.mappingDirectories = [folder]
        return try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
    }

    /// A Journal 3 store of 300 entries, entry 5 given `number` as its entity number when not nil.
    static func store(foreignNumber number: Int?) throws -> String {
        let store = try JournalFixture.store(version: 3, entries: 300)
        if let number {
            let queue = try DatabaseQueue(path: store)
            try queue.write { try $0.execute(sql: "UPDATE ZENTRY SET Z_ENT = ? WHERE Z_PK = 5", arguments: [number]) }
            try queue.close()
        }
        return store
    }

    @Test(
        "A row of another entity number in the source is refused by name, the store untouched, filtered or not",
        arguments: [nil, "$source.mood >= 0"])
    func foreignRowRefused(filter: String?) throws {
        let project = try Self.project(filter: filter)
        let store = try Self.store(foreignNumber: 7)
        let planning = try project.plan(store: store, target: "Journal 4", countsRows: false)
        #expect(planning.plan.steps.map(\.kind) == [.explicit])
        let before = try FolderFingerprint(folderOf: store)
        let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)
        do {
            try project.migrate([planning], options: options)
            Issue.record("a store holding a row of entity number 7 was migrated")
        } catch {
            #expect("\(error)".contains("entity number 7"), "\(error)")
            #expect((error as? any CategorizedError)?.category == .migrationFailed)
        }
        #expect(try FolderFingerprint(folderOf: store) == before, "the store's folder is exactly as it was")
    }

    @Test("A sound source migrates on its whole count, the rows read row by row agreeing", arguments: [nil, "$source.mood >= 0"])
    func soundSourceMigrates(filter: String?) throws {
        let project = try Self.project(filter: filter)
        let store = try Self.store(foreignNumber: nil)
        let planning = try project.plan(store: store, target: "Journal 4", countsRows: false)
        try project.migrate([planning], options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
        let entries = try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
        #expect(entries == 300)
    }

    @Test("Read row by row only where the step is held to no count; a failed run reads every table so")
    func readingWhereNotHeld() throws {
        let model = try JournalFixture.version(3)
        let stepError = ExecutionError(.stepFailed, path: "x", message: "the step's own words")
        for held: Set<String> in [[], ["Entry"]] {
            let sound = try SourceRowCount(model, try Self.store(foreignNumber: nil), held: held)
            #expect(sound.whole.byEntity["Entry"] == 300)
            try sound.confirm()
            #expect("\(sound.failure(over: stepError))" == "\(stepError)")
            // Counted whole, the foreign row passes for an entry; read row by row, it does not.
            let foreign = try SourceRowCount(model, try Self.store(foreignNumber: 7), held: held)
            #expect(foreign.whole.byEntity["Entry"] == 300)
            if held.isEmpty {
                #expect(throws: ExecutionError.self) { try foreign.confirm() }
            } else {
                // The step's result, held to 300 entries, refuses the store instead; a failed run explains it.
                try foreign.confirm()
            }
            #expect("\(foreign.failure(over: stepError))".contains("entity number 7"))
            #expect(foreign.failure(over: MigrationCancelled()) is MigrationCancelled)
        }
        // A source that cannot be read again says nothing about why the step failed: its error stands.
        let gone = try Self.store(foreignNumber: nil)
        let count = try SourceRowCount(model, gone, held: ["Entry"])
        try FileManager.default.removeItem(atPath: gone)
        #expect("\(count.failure(over: stepError))" == "\(stepError)")
    }

    @Test("The sample split is held to its entries' count; a filter on their copy lifts the hold")
    func heldSources() throws {
        for (filter, held) in [(nil, ["Entry"]), ("$source.mood >= 0", [])] as [(String?, Set<String>)] {
            let planning = try Self.project(filter: filter).plan(
                store: try Self.store(foreignNumber: nil), target: "Journal 4", countsRows: false)
            let step = try #require(try planning.plan.steps.first?.makeStep() as? MappedStep)
            #expect(step.counting.heldSources == held)
        }
    }
}
