import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// `verify` (``StoreValidator``) looks at wire's join columns where the schema rules put them, suffixes included
/// (`Z_15USERS (Z_15SYSTEMMESSAGES, Z_23USERS1)`): one under another name is refused. That every wire store
/// verifies as Core Data wrote it is `CorpusConformanceTests.verified`.
@Suite("Wire stores: a join column under another name fails verify", Corpus.required)
struct WireStoreValidationTests {
    @Test("A join column under another name is refused")
    func renamedJoinColumnRefused() throws {
        let testCase = try #require(CorpusStore.named("wire/stores/store2-101-0.wiredatabase"))
        let version = try #require(try CorpusStore.bundle(CorpusStore.wireModel).version(named: testCase.version ?? ""))
        let copy = try Corpus.copyStore(testCase.store)
        let queue = try DatabaseQueue(path: copy)
        try queue.write { db in try db.execute(sql: "ALTER TABLE \"Z_15USERS\" RENAME COLUMN \"Z_23USERS1\" TO \"Z_23USERS\"") }
        try queue.close()
        #expect(throws: ExecutionError.self) { try StoreValidator(model: version).validate(copy) }
    }
}
