import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// For every store in the corpus: the schema cdmigrate creates for the store's model version equals the
/// store's `sqlite_master` and `Z_PRIMARYKEY`, except for differences a ``HistoryRule`` recognises with its
/// evidence or ``HistoryDifference`` lists for that store (each explained in `docs/guide/store-schema.md`).
@Suite("Schema prediction against every Apple store", Corpus.required)
struct SchemaPredictionTests {
    @Test("Created schema equals Apple's, history aside", arguments: CorpusStore.all)
    func prediction(_ testCase: CorpusStore) throws {
        let (apple, created) = try Self.created(like: testCase)
        let comparison = try SchemaComparison(apple: apple, ours: try StoreDump(created), store: testCase.store)
        #expect(comparison.unexplained.isEmpty, "\(testCase.store):\n\(comparison.unexplained.joined(separator: "\n"))")
        let listed = HistoryDifference.all[testCase.store] ?? []
        let stale = Set(listed.map(\.key)).subtracting(comparison.used)
        #expect(stale.isEmpty, "allow-list entries that no longer apply: \(stale.map(\.name).sorted())")
    }

    /// A copy of the case's Apple store, and a new store cdmigrate creates for its model version with the
    /// store's metadata (its framework version sets the schema's style).
    static func created(like testCase: CorpusStore) throws -> (apple: StoreDump, created: String) {
        let apple = try StoreDump(Corpus.copyStore(testCase.store))
        let metadata = try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }
        let model = try Self.model(of: testCase, store: apple)
        let schema = SchemaBuilder(model: model, style: SchemaStyle(frameworkVersion: metadata.frameworkVersion)).build()
        let created = try TemporaryDirectory.make().appendingPathComponent("created.sqlite").path
        try StoreWriter(model: model, schema: schema).create(at: created, options: .init(sourceMetadata: metadata))
        return (apple, created)
    }

    /// The version the README names, or the store's own cached model.
    static func model(of testCase: CorpusStore, store: StoreDump) throws -> ObjectModel {
        guard let path = testCase.model, !testCase.readsThroughCache else {
            let content = try #require(
                try store.queue.read { db in try Data.fetchOne(db, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE") })
            return try ModelCacheDecoder.decode(content, path: store.path)
        }
        let bundle = try CorpusStore.bundle(path)
        return try #require(bundle.versions.first { $0.name == testCase.version }, "no version \(testCase.version ?? "")")
    }
}
