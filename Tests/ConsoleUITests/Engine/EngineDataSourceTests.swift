import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// The console's reading side on real Apple stores from the corpus.
@Suite struct EngineDataSourceTests {
    static let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")

    @Test(Corpus.required) func overviewVersionsAndCompatibility() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let loaded = try EngineDataSource(modelPath: Self.model).loadStore(at: store)
        #expect(loaded.overview.entities.map(\.name) == ["Color", "Post"])
        #expect(loaded.overview.entities.map(\.rows) == [7995, 7995])
        #expect(loaded.overview.journalMode == "rollback")
        #expect(
            loaded.overview.metadata.contains { $0.key == "NSStoreModelVersionHashes" && $0.value == "{2 keys: Color, Post}" })
        #expect(
            loaded.versions.map(\.name) == [
                "CoreDataMigration_Example", "CoreDataMigration_Example 2",
                "CoreDataMigration_Example 3", "CoreDataMigration_Example 4",
            ], "the planner's natural order")
        #expect(loaded.versions.last?.isCurrent == true)
        #expect(loaded.compatibility?.compatibleVersion == "CoreDataMigration_Example 3")
        #expect(loaded.defaultTarget == "CoreDataMigration_Example 4")
    }

    @Test(Corpus.required) func walStoreShowsItsWalAndTheRowsOnlyInIt() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let loaded = try EngineDataSource(modelPath: Self.model).loadStore(at: store)
        #expect(loaded.overview.journalMode == "wal")
        #expect((loaded.overview.walSize ?? 0) > 0)
        #expect(loaded.overview.files.map(\.name).contains("CoreDataMigration_Example_WAL.sqlite-wal"))
        #expect(loaded.overview.entities.first { $0.name == "Post" }?.rows == 84)
    }

    @Test(Corpus.required) func rowsAreTypedByTheStoresVersion() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let source = EngineDataSource(modelPath: Self.model)
        let colors = try source.rows(storePath: store, entity: "Color", offset: 0, limit: 5)
        #expect(colors.columns == ["pk", "post", "colorID", "hex"])
        #expect(colors.rows.count == 5)
        #expect(colors.totalRows == 7995)
        #expect(colors.rows[0][0] == .integer(1))
        guard case .reference(let entity, _) = colors.rows[0][1] else {
            Issue.record("to-one post should be a reference, got \(colors.rows[0][1])")
            return
        }
        #expect(entity == "Post")
        #expect(colors.rows[0][1].display.hasPrefix("Post #"))
        let last = try source.rows(storePath: store, entity: "Color", offset: 7990, limit: 10)
        #expect(last.rows.count == 5)
        #expect(last.offset == 7990)
        let posts = try source.rows(storePath: store, entity: "Post", offset: 0, limit: 1)
        #expect(posts.columns.contains("date"))
        if let index = posts.columns.firstIndex(of: "date"), case .date = posts.rows[0][index] {
        } else {
            Issue.record("Post.date should be shown as a date: \(posts.rows)")
        }
    }

    @Test(Corpus.required) func withoutAModelTheConsoleIsReadOnly() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let loaded = try EngineDataSource(modelPath: nil).loadStore(at: store)
        #expect(loaded.versions.isEmpty)
        #expect(loaded.compatibility == nil)
        let page = try EngineDataSource(modelPath: nil).rows(storePath: store, entity: "Color", offset: 0, limit: 1)
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
