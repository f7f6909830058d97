import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A store at no version of the model it is handed with (an edited model, a fixture the app never shipped)
/// is read by `export` and `rows` through its own cached model, as a store without a model is, and the choice
/// is said; only a store with neither a matching version nor a cache is refused.
@Suite("Object reading model")
struct ObjectReadingModelTests {
    /// A project whose only version is Journal 3, which a Journal 1 store does not match.
    private func journal3Only() throws -> MigrationProject {
        let version = try JournalFixture.version(3)
        return try MigrationProject(
            bundle: ModelBundle(path: "/models/Journal3Only.xcdatamodeld", versions: [version], currentVersionName: version.name))
    }

    @Test("A store at no version is exported and paged through its cached model, with a notice")
    func noVersionReadsCache() throws {
        let store = try JournalFixture.store(version: 1, entries: 12)
        let project = try journal3Only()
        let choice = try project.objectModel(store: store)
        #expect(choice.source == .storeCache)
        #expect(choice.notice?.contains("matches no version of /models/Journal3Only.xcdatamodeld") == true)
        #expect(choice.notice?.contains(store) == true)
        let out = try TemporaryDirectory.make().appendingPathComponent("Entry.json").path
        let counts = try project.export(store: store, entity: "Entry", format: .json, to: .file(out))
        #expect(counts.map(\.objects) == [12])
        let page = try project.rows(store: store, entity: "Entry", limit: 5)
        #expect(page.objects.count == 5)
        // Read as the store holds it: Journal 1's `body`, not Journal 3's `text` and `favorite`.
        #expect(page.fields.contains("body"))
        #expect(!page.fields.contains("text") && !page.fields.contains("favorite"))
        #expect(page.objects.map(\.primaryKey) == [1, 2, 3, 4, 5])
    }

    @Test("A store at a version of the model is read by that version, with nothing to say")
    func matchingVersionIsRead() throws {
        let store = try JournalFixture.store(version: 3, entries: 3)
        let choice = try journal3Only().objectModel(store: store)
        #expect(choice.source == .version("Journal 3"))
        #expect(choice.notice == nil)
    }

    @Test("A store at no version and without a model cache is refused, naming the store and the model")
    func noVersionNoCacheRefused() throws {
        let store = try JournalFixture.store(version: 1, entries: 3)
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: #"DELETE FROM "Z_MODELCACHE""#) }
        try queue.close()
        let out = try TemporaryDirectory.make().appendingPathComponent("Entry.json").path
        let error = try #require(throws: ExportError.self) {
            try journal3Only().export(store: store, entity: "Entry", format: .json, to: .file(out))
        }
        #expect(error.category == .unknownStoreVersion)
        #expect(error.description.hasPrefix(store))
        #expect(error.message.contains("no model cache"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
