import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// For every Apple-written store in the corpus: the schema cdmigrate creates for the store's model version
/// equals the store's `sqlite_master`, except for the differences ``HistoryDifference`` lists for that store
/// (each one a trace of the store's history, explained in `docs/guide/store-schema.md`).
@Suite("Schema prediction against every Apple store", Corpus.required)
struct SchemaPredictionTests {
    @Test("Created schema equals Apple's, history aside", arguments: SchemaPredictionCase.all)
    func prediction(_ testCase: SchemaPredictionCase) throws {
        let (apple, created) = try Self.created(like: testCase)
        let ours = try StoreDump(created)
        let (appleEntries, ourEntries) = (Set(try apple.schema()), Set(try ours.schema()))
        let (appleKeys, ourKeys) = (try Self.primaryKeyRows(apple), try Self.primaryKeyRows(ours))
        let found = Set(appleEntries.subtracting(ourEntries).map { HistoryDifference.Key(side: .appleOnly, name: $0.name) })
            .union(ourEntries.subtracting(appleEntries).map { HistoryDifference.Key(side: .predictedOnly, name: $0.name) })
            .union(appleKeys.subtracting(ourKeys).map { HistoryDifference.Key(side: .appleOnly, name: $0) })
            .union(ourKeys.subtracting(appleKeys).map { HistoryDifference.Key(side: .predictedOnly, name: $0) })
        let allowed = Set((HistoryDifference.all[testCase.store] ?? []).map(\.key))
        let appleTexts = Set(appleEntries.map(\.description)).union(appleKeys)
        let ourTexts = Set(ourEntries.map(\.description)).union(ourKeys)
        var unexplained: [String] = []
        for text in appleTexts.symmetricDifference(ourTexts) where !Self.isListed(text, in: allowed) {
            unexplained.append((appleTexts.contains(text) ? "Apple: " : "ours: ") + text)
        }
        #expect(unexplained.isEmpty, "\(testCase.store):\n\(unexplained.sorted().joined(separator: "\n"))")
        #expect(found == allowed, "allow-list entries that no longer apply: \(allowed.subtracting(found).map(\.name).sorted())")
    }

    /// A copy of the case's Apple store, and a new store cdmigrate creates for its model version with the
    /// store's metadata (its framework version sets the schema's style).
    static func created(like testCase: SchemaPredictionCase) throws -> (apple: StoreDump, created: String) {
        let apple = try StoreDump(Corpus.copyStore(testCase.store))
        let metadata = try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }
        let model = try Self.model(of: testCase, store: apple)
        let schema = SchemaBuilder(model: model, style: SchemaStyle(frameworkVersion: metadata.frameworkVersion)).build()
        let created = try TemporaryDirectory.make().appendingPathComponent("created.sqlite").path
        try StoreWriter(model: model, schema: schema).create(at: created, options: .init(sourceMetadata: metadata))
        return (apple, created)
    }

    /// The version the README names, or the store's own cached model.
    static func model(of testCase: SchemaPredictionCase, store: StoreDump) throws -> ObjectModel {
        guard let path = testCase.model else {
            let content = try #require(
                try store.queue.read { db in try Data.fetchOne(db, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE") })
            return try ModelCacheDecoder.decode(content, path: store.path)
        }
        let bundle = try ModelLoader.load(path: Corpus.path(path))
        return try #require(bundle.versions.first { $0.name == testCase.version }, "no version \(testCase.version ?? "")")
    }

    /// Whether an entry's text (`type name: sql` or `Z_PRIMARYKEY …`) is the subject of an allowance.
    static func isListed(_ text: String, in allowed: Set<HistoryDifference.Key>) -> Bool {
        allowed.contains { key in text.hasPrefix(key.name) || text.contains(" \(key.name): ") }
    }

    /// `Z_PRIMARYKEY` rows as `Z_PRIMARYKEY <Z_ENT>|<Z_NAME>|<Z_SUPER>`.
    static func primaryKeyRows(_ store: StoreDump) throws -> Set<String> {
        Set(try store.primaryKeys(includeMax: false).map { "Z_PRIMARYKEY \($0)" })
    }
}
