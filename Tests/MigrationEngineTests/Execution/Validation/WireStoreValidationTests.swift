import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// `verify` (``StoreValidator``) accepts every wire store at its own version: its join tables and their
/// suffixed columns (`Z_15USERS (Z_15SYSTEMMESSAGES, Z_23USERS1)`) are where the schema rules put them.
@Suite("Wire stores verify at their own version", Corpus.required)
struct WireStoreValidationTests {
    /// The eight fixtures of the second wave (`RealAppStoreCase.wire`); verifying every wire store is not
    /// this suite's subject (store1-27 holds Apple's own dangling keys, store1-24 and 2.65.0 match no version).
    static let stores = SchemaPredictionCase.all.filter { testCase in
        RealAppStoreCase.wire.contains { $0.store == testCase.store }
    }

    @Test("Accepted", arguments: stores)
    func accepted(_ testCase: SchemaPredictionCase) throws {
        let bundle = try ModelLoader.load(path: Corpus.path(try #require(testCase.model)))
        let version = try #require(bundle.versions.first { $0.name == testCase.version })
        try StoreValidator(model: version).validate(Corpus.copyStore(testCase.store))
    }

    @Test("A join column under another name is refused")
    func renamedJoinColumnRefused() throws {
        let testCase = try #require(Self.stores.first { $0.store.hasSuffix("store2-101-0.wiredatabase") })
        let bundle = try ModelLoader.load(path: Corpus.path(try #require(testCase.model)))
        let version = try #require(bundle.versions.first { $0.name == testCase.version })
        let copy = try Corpus.copyStore(testCase.store)
        let queue = try DatabaseQueue(path: copy)
        try queue.write { db in try db.execute(sql: "ALTER TABLE \"Z_15USERS\" RENAME COLUMN \"Z_23USERS1\" TO \"Z_23USERS\"") }
        try queue.close()
        #expect(throws: ExecutionError.self) { try StoreValidator(model: version).validate(copy) }
    }
}
