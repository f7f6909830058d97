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
    /// this suite's subject (`EveryWireStoreValidationTests` below does).
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

/// Every wire fixture (`wire/expected-versions.json`, 82 stores) verified at each version its hashes match.
/// Two match no version (store1-24, store2-65-0) and are left out. One is refused on purpose: store1-27's
/// `ZCONNECTION.ZTO` names Users 3, 5, 6 and 10, which its `ZUSER` does not hold (Z_MAX 11). Both sides of that
/// relationship (`Connection.to`, `User.connection`) have the Nullify delete rule, so Core Data's own delete
/// propagation never leaves such a key; the store's next fixtures (store1-28, store2-3) are other stores (other
/// UUIDs) with no dangling key, so nothing shows Core Data carrying these keys through a migration, and an app
/// firing such a fault fails. `verify` refuses it, naming the object (and `--repair`) on the command line.
@Suite("Every wire store verifies at its own version", Corpus.required)
struct EveryWireStoreValidationTests {
    static let versions: [String: [String]] = {
        let path = Corpus.path("wire/expected-versions.json")
        guard let data = FileManager.default.contents(atPath: path),
            let decoded = try? JSONDecoder().decode([String: [String]].self, from: data)
        else { return [:] }
        return decoded
    }()

    static let stores = versions.filter { !$0.value.isEmpty }.keys.sorted()

    @Test("accepted at every version it matches", arguments: stores)
    func accepted(_ store: String) throws {
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let copy = try Corpus.copyStore("wire/stores/\(store)")
        for name in Self.versions[store] ?? [] {
            let version = try #require(bundle.version(named: name))
            if store == "store1-27.wiredatabase" {
                let error = try #require(throws: ExecutionError.self) { try StoreValidator(model: version).validate(copy) }
                #expect(error.message.contains("4 row(s) of ZCONNECTION.ZTO point at no User object"))
            } else {
                try StoreValidator(model: version).validate(copy)
            }
        }
    }

    @Test("the fixtures are all there")
    func complete() {
        #expect(Self.versions.count == 82)
        #expect(Self.stores.count == 80)
    }
}
