import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 12: a mapped step's source is counted whole for the step, and read row by row on the other core while
/// the step runs; a store holding a row its model cannot have is still refused, with the error that names it.
@Suite("A mapped step's source counted row by row beside the step")
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

    @Test("The two counts of a store: equal for a sound one; the row-by-row one refuses a foreign row")
    func twoCounts() throws {
        let model = try JournalFixture.version(3)
        let sound = try SourceRowCount(model, try Self.store(foreignNumber: nil))
        #expect(sound.whole.byEntity["Entry"] == 300)
        try sound.confirm()
        let foreign = try SourceRowCount(model, try Self.store(foreignNumber: 7))
        // Counted whole, the foreign row passes for an entry; read row by row, it does not.
        #expect(foreign.whole.byEntity["Entry"] == 300)
        #expect(throws: ExecutionError.self) { try foreign.confirm() }
        let stepError = ExecutionError(.stepFailed, path: "x", message: "the step's own words")
        #expect("\(foreign.failure(over: stepError))".contains("entity number 7"))
        #expect(foreign.failure(over: MigrationCancelled()) is MigrationCancelled)
        #expect("\(sound.failure(over: stepError))" == "\(stepError)")
    }
}
