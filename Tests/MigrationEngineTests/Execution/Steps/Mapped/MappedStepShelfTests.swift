import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Mapped steps of ``ShelfFixture``: an entity with no attribute, an ordered to-many, through a mapping file
/// (in SQL, and object by object under a policy) and through an Xcode mapping model.
@Suite("Mapped step: entity without attributes, ordered to-many")
struct MappedStepShelfTests {
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case mappingFile, mappingFileWithPolicy, xcodeMappingModel
        var testDescription: String { rawValue }
    }

    /// The step along `path`, run on ``ShelfFixture/source()``; the destination store's path.
    static func run(_ path: Path) throws -> String {
        var policies = MigrationPolicyRegistry()
        let mapping: MappingModel
        switch path {
        case .mappingFile:
            mapping = try MappingFileReader.read(ShelfFixture.mappingFile, path: "shelf.yaml")
        case .mappingFileWithPolicy:
            let text = ShelfFixture.mappingFile.replacingOccurrences(
                of: "destination: Note\n", with: "destination: Note\n    policy: Plain\n")
            mapping = try MappingFileReader.read(text, path: "shelf.yaml")
            policies.register(PlainPolicy(), named: "Plain")
        case .xcodeMappingModel:
            mapping = try XcodeMappingImporter.read(Data(ShelfFixture.xcmapping.utf8), file: "Shelf.xcmappingmodel")
        }
        let step = try MappedStep(
            mapping: mapping, sourceModel: ShelfFixture.model(1), destinationModel: ShelfFixture.model(2), policies: policies)
        return try SampleJournalStore.run(step, source: try ShelfFixture.source())
    }

    @Test("a destination entity with no attribute gets every object", arguments: Path.allCases)
    func entityWithoutAttributes(path: Path) throws {
        let out = try Self.run(path)
        #expect(try ShelfFixture.contents(out, model: ShelfFixture.model(2)).notes == [1, 2, 3, 4, 5, 6])
        let subtitles = try DatabaseQueue(path: out).read { try String?.fetchAll($0, sql: "SELECT ZSUBTITLE FROM ZBOOK") }
        #expect(subtitles == (path == .xcodeMappingModel ? [nil, nil] : ["BOOK 1", "BOOK 2"]))
    }

    @Test("an ordered to-many keeps its order, every member with a position", arguments: Path.allCases)
    func orderSurvives(path: Path) throws {
        let out = try Self.run(path)
        let model = ShelfFixture.model(2)
        #expect(try ShelfFixture.contents(out, model: model).order == ShelfFixture.order)
        let column = try ShelfFixture.orderColumn(model)
        let unplaced = try DatabaseQueue(path: out).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZNOTE WHERE ZBOOK IS NOT NULL AND \(column) IS NULL")
        }
        #expect(unplaced == 0)
    }
}

@Suite("Validation: every member of an ordered relationship has its position")
struct OrderedPositionValidationTests {
    @Test("a store whose ordered to-many lost a position fails validation, naming the relationship")
    func lostPositionFails() throws {
        let model = ShelfFixture.model(1)
        let path = try ShelfFixture.source()
        try StoreValidator(model: model).validate(path)
        let column = try ShelfFixture.orderColumn(model)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "UPDATE ZNOTE SET \(column) = NULL WHERE Z_PK = 3") }
        let error = #expect(throws: ExecutionError.self) { try StoreValidator(model: model).validate(path) }
        #expect(error?.message.contains("1 member(s) of the ordered relationship Book.notes have no position") == true)
    }
}
