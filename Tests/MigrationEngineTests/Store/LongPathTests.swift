import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, "clear errors": a store whose folder path is long enough that the run's snapshot or temporary
/// stores pass SQLite's path limit failed with "cannot read: unable to open database file"; the reason is
/// now given, naming the store, with nothing left beside it.
@Suite("Paths past SQLite's limit")
struct LongPathTests {
    @Test("migrate of a store 430 bytes deep says the path is too long for SQLite")
    func reasonGiven() throws {
        var folder = try TemporaryDirectory.make()
        while folder.path.utf8.count < 430 { folder.appendPathComponent(String(repeating: "d", count: 60)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Made in a short folder (the generator's own temporary names would not fit either), then moved.
        let store = folder.appendingPathComponent("Journal.sqlite").path
        try FileManager.default.moveItem(atPath: try JournalFixture.store(version: 1, entries: 10), toPath: store)
        let before = try FolderFingerprint(folderOf: store)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let planning = try project.plan(store: store, target: "Journal 3")
        let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)
        let error = #expect(throws: (any Error).self) { try project.migrate([planning], options: options) }
        let text = "\(String(describing: error))"
        #expect(text.contains(store) && text.contains("SQLite opens no file whose path is longer than 511 bytes"), "\(text)")
        #expect(try FolderFingerprint(folderOf: store) == before)
        #expect(SQLitePathLimit.problem("/short/Journal.sqlite") == nil)
    }
}
