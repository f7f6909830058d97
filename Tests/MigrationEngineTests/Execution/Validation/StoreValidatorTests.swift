import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Store validator")
struct StoreValidatorTests {
    static let stores: [(String, String, String)] = [
        ("wibosco-colors", "CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example"),
        ("wibosco-colors", "CoreDataMigration_Example_2.sqlite", "CoreDataMigration_Example 2"),
        ("wibosco-colors", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example 3"),
        ("wibosco-sections", "CoreDataMigration_Example_3.sqlite", "CoreDataMigration_Example 3"),
        ("rename-chain", "Example_v2.0.0.sqlite", "v2.0.0"),
    ]

    func validator(_ version: Int) throws -> StoreValidator {
        StoreValidator(model: try JournalFixture.version(version))
    }

    @Test("Every store Apple wrote passes against its own version", Corpus.required, arguments: 0..<5)
    func appleStoresPass(_ index: Int) throws {
        let (caseName, file, version) = Self.stores[index]
        let model = caseName == "rename-chain" ? "Model.xcdatamodeld" : "CoreDataMigration_Example.xcdatamodeld"
        let bundle = try ModelLoader.load(path: Corpus.path("\(caseName)/\(model)"))
        let store = try Corpus.copyStore("\(caseName)/stores/\(file)")
        try StoreValidator(model: try #require(bundle.version(named: version))).validate(store)
    }

    @Test("A to-one key pointing at no object fails, naming the column")
    func danglingToOne() throws {
        let store = try JournalFixture.journal4(entries: 30)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"UPDATE "ZENTRY" SET "ZAUTHOR" = 999999 WHERE "Z_PK" = 1"#) }
        let error = #expect(throws: ExecutionError.self) { try validator(4).validate(store) }
        #expect(error?.description.contains("ZENTRY.ZAUTHOR point at no Author") == true)
    }

    @Test("A damaged file's integrity problems: one line each, without SQLite's heading")
    func integrityProblemsOneLineEach() throws {
        // verify gave SQLite's integrity_check rows as they come: a `*** in database main ***` heading and the
        // problems after it, run together into one line with no break between them.
        let (_, damaged) = try JournalFixture.zeroedOverflowPage()
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let integrity = try project.problems(of: damaged).problems.map(\.error.message).filter {
            $0.contains("integrity_check: ")
        }
        #expect(integrity.count > 1, "\(integrity)")
        #expect(!integrity.contains { $0.contains("***") || $0.contains("\n") || $0.contains("; ") }, "\(integrity)")
        #expect(integrity.contains { $0.hasSuffix("is never used") })
        let error = #expect(throws: ExecutionError.self) { try project.verify(store: damaged) }
        #expect(error.map { MigrationError($0).message } == integrity.first)
    }

    @Test("Wrong version, missing table and wrong counts fail")
    func otherFailures() throws {
        let store = try JournalFixture.journal4(entries: 30)
        #expect(throws: ExecutionError.self) { try validator(3).validate(store) }
        #expect(throws: ExecutionError.self) { try validator(4).validate(store, expectedCounts: ["Entry": 1]) }
        try validator(4).validate(store, expectedCounts: ["Entry": 30, "Author": JournalFixture.authors.count])
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DROP TABLE "ZAUTHOR""#) }
        #expect(throws: ExecutionError.self) { try validator(4).validate(store) }
    }

    @Test("A join column under another name is refused")
    func renamedJoinColumnRefused() throws {
        let model = InferredStepTests.v1
        let store = try InferredStepTests.makeStore(model, sql: InferredStepTests.rows)
        try StoreValidator(model: model).validate(store)
        // Note.tags ↔ Tag.notes live in Z_2TAGS (Z_2NOTES, Z_3TAGS).
        try DatabaseQueue(path: store).write {
            try $0.execute(sql: #"ALTER TABLE "Z_2TAGS" RENAME COLUMN "Z_3TAGS" TO "Z_9OTHER""#)
        }
        #expect(throws: ExecutionError.self) { try StoreValidator(model: model).validate(store) }
    }
}
