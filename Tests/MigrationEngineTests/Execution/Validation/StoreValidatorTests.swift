import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Store validator", Corpus.required)
struct StoreValidatorTests {
    static let stores: [(String, String, String)] = [
        ("wibosco-colors", "CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example"),
        ("wibosco-colors", "CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example 2"),
        ("wibosco-colors", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example 3"),
        ("wibosco-sections", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example 3"),
        ("rename-chain", "Example_v2.0.0.sqlite", "v2.0.0"),
    ]

    func validator(_ caseName: String, _ version: String) throws -> StoreValidator {
        let bundle = try ModelLoader.load(path: Corpus.path("\(caseName)/CoreDataMigration_Example.xcdatamodeld"))
        return StoreValidator(model: try #require(bundle.version(named: version)))
    }

    @Test("Every store Apple wrote passes against its own version", arguments: 0..<5)
    func appleStoresPass(_ index: Int) throws {
        let (caseName, file, version) = Self.stores[index]
        let model = caseName == "rename-chain" ? "Model.xcdatamodeld" : "CoreDataMigration_Example.xcdatamodeld"
        let bundle = try ModelLoader.load(path: Corpus.path("\(caseName)/\(model)"))
        let store = try Corpus.copyStore("\(caseName)/stores/\(file)")
        try StoreValidator(model: try #require(bundle.version(named: version))).validate(store)
    }

    @Test("A to-one key pointing at no object fails, naming the column")
    func danglingToOne() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"UPDATE "ZPOST" SET "ZCOLOR" = 999999 WHERE "Z_PK" = 1"#) }
        let error = #expect(throws: ExecutionError.self) {
            try validator("wibosco-colors", "CoreDataMigration_Example 3").validate(store)
        }
        #expect(error?.description.contains("ZPOST.ZCOLOR point at no Color") == true)
    }

    @Test("Wrong version, missing table and wrong counts fail")
    func otherFailures() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        #expect(throws: ExecutionError.self) { try validator("wibosco-colors", "CoreDataMigration_Example 2").validate(store) }
        #expect(throws: ExecutionError.self) {
            try validator("wibosco-colors", "CoreDataMigration_Example 3").validate(store, expectedCounts: ["Post": 1])
        }
        try validator("wibosco-colors", "CoreDataMigration_Example 3").validate(
            store, expectedCounts: ["Post": 7995, "Color": 7995])
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DROP TABLE "ZCOLOR""#) }
        #expect(throws: ExecutionError.self) { try validator("wibosco-colors", "CoreDataMigration_Example 3").validate(store) }
    }
}
