import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// The console's reading side on stores of the sample app written by the engine.
@Suite struct EngineDataSourceTests {
    static let model = JournalFixture.modelPath

    @Test func overviewVersionsAndCompatibility() throws {
        let store = try JournalFixture.journal4(entries: 30)
        let loaded = try EngineDataSource(modelPath: Self.model).loadStore(at: store)
        #expect(loaded.overview.entities.map(\.name) == ["Author", "Entry"])
        #expect(loaded.overview.entities.map(\.rows) == [3, 30])
        #expect(loaded.overview.journalMode == "rollback")
        #expect(
            loaded.overview.metadata.contains { $0.key == "NSStoreModelVersionHashes" && $0.value == "{2 keys: Author, Entry}" })
        #expect(loaded.versions.map(\.name) == (1...5).map { "Journal \($0)" }, "the planner's order")
        #expect(loaded.versions.last?.isCurrent == true)
        #expect(loaded.compatibility?.compatibleVersion == "Journal 4")
        #expect(loaded.defaultTarget == "Journal 5")
    }

    @Test func walStoreShowsItsWalAndTheRowsOnlyInIt() throws {
        let store = try JournalFixture.walStore(version: 3, entries: 40)
        let loaded = try EngineDataSource(modelPath: Self.model).loadStore(at: store)
        #expect(loaded.overview.journalMode == "wal")
        #expect((loaded.overview.walSize ?? 0) > 0)
        #expect(loaded.overview.files.map(\.name).contains("Journal.sqlite-wal"))
        #expect(loaded.overview.entities.first { $0.name == "Entry" }?.rows == 40)
    }

    @Test func rowsAreTypedByTheStoresVersion() throws {
        let store = try JournalFixture.journal4(entries: 30)
        let source = EngineDataSource(modelPath: Self.model)
        let entries = try source.rows(storePath: store, entity: "Entry", offset: 0, limit: 5)
        #expect(entries.columns.first == "pk")
        #expect(entries.rows.count == 5)
        #expect(entries.totalRows == 30)
        #expect(entries.rows[0][0] == .integer(1))
        let author = try #require(entries.columns.firstIndex(of: "author"))
        guard case .reference(let entity, _) = entries.rows[0][author] else {
            Issue.record("to-one author should be a reference, got \(entries.rows[0][author])")
            return
        }
        #expect(entity == "Author")
        #expect(entries.rows[0][author].display.hasPrefix("Author #"))
        if let index = entries.columns.firstIndex(of: "created"), case .date = entries.rows[0][index] {
        } else {
            Issue.record("Entry.created should be shown as a date: \(entries.rows)")
        }
        let last = try source.rows(storePath: store, entity: "Entry", offset: 25, limit: 10)
        #expect(last.rows.count == 5)
        #expect(last.offset == 25)
    }

    @Test func withoutAModelTheConsoleIsReadOnly() throws {
        let store = try JournalFixture.store(version: 3, entries: 10)
        let loaded = try EngineDataSource(modelPath: nil).loadStore(at: store)
        #expect(loaded.versions.isEmpty)
        #expect(loaded.compatibility == nil)
        let page = try EngineDataSource(modelPath: nil).rows(storePath: store, entity: "Entry", offset: 0, limit: 1)
        #expect(page.columns.first == "pk")
        #expect(page.rows.count == 1)
    }

    @Test func storeFinderListsSQLiteFilesWithWalState() throws {
        let folder = try TemporaryDirectory.make()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let header = Data("SQLite format 3\0".utf8) + Data(count: 84)
        try header.write(to: folder.appendingPathComponent("sub/App.sqlite"))
        try Data(count: 10).write(to: folder.appendingPathComponent("sub/App.sqlite-wal"))
        try Data("not sqlite".utf8).write(to: folder.appendingPathComponent("Fake.sqlite"))
        let found = StoreFinder.find(under: folder.path)
        #expect(found.map(\.relativePath) == ["sub/App.sqlite"])
        #expect(found.first?.walSize == 10)
        #expect(found.first?.walState == "-wal 10 B")
    }
}
