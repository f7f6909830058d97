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

/// A mapping that links only the to-one side of an ordered relationship (an Xcode mapping model whose
/// `Book.notes` is left without a value, `Note.book` generated): the positions no link gave are given in the
/// order the source held its members, on every path.
@Suite("Mapped step: an ordered to-many linked from its to-one side only")
struct MappedStepToOneSideOrderTests {
    /// ``ShelfFixture/xcmapping`` with `Book.notes` left blank and not generated.
    static let xcmapping = ShelfFixture.xcmapping.replacingOccurrences(
        of: """
            <object type="XDDEVRELATIONSHIPMAPPING" id="r1">
                    <attribute name="autogenerateexpression" type="bool">1</attribute>
            """,
        with: """
            <object type="XDDEVRELATIONSHIPMAPPING" id="r1">
                    <attribute name="autogenerateexpression" type="bool">0</attribute>
            """)

    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case everyStrategy, objectByObject, plain
        var testDescription: String { rawValue }
        var strategies: MappedStepStrategies {
            switch self {
            case .everyStrategy: .all
            case .objectByObject: MappedStepStrategies.all.subtracting(.bulkLinks)
            case .plain: []
            }
        }
    }

    @Test("the mapping sets no value for the ordered side")
    func onlyTheToOneIsMapped() throws {
        let mapping = try XcodeMappingImporter.read(Data(Self.xcmapping.utf8), file: "Shelf.xcmappingmodel")
        let resolved = try MappingResolver(
            model: mapping, source: ShelfFixture.model(1), destination: ShelfFixture.model(2), functions: .standard
        ).resolve()
        let book = try #require(resolved.first { $0.mapping.destinationEntity == "Book" })
        let note = try #require(resolved.first { $0.mapping.destinationEntity == "Note" })
        #expect(book.relationships.map(\.relationship.name).isEmpty)
        #expect(note.relationships.map(\.relationship.name) == ["book"])
    }

    @Test("members keep the source's order", arguments: Path.allCases)
    func sourceOrderKept(path: Path) throws {
        let mapping = try XcodeMappingImporter.read(Data(Self.xcmapping.utf8), file: "Shelf.xcmappingmodel")
        var step = try MappedStep(
            mapping: mapping, sourceModel: ShelfFixture.model(1), destinationModel: ShelfFixture.model(2))
        step.strategies = path.strategies
        let out = try SampleJournalStore.run(step, source: try ShelfFixture.source())
        let model = ShelfFixture.model(2)
        #expect(try ShelfFixture.contents(out, model: model).order == ShelfFixture.order)
        try StoreValidator(model: model).validate(out)
    }

    /// The rule where the source's order is known for some members only: those come first, in that order,
    /// then the others by key.
    @Test("members without a source position follow those with one, by key")
    func unknownPositionsByKey() throws {
        let mapping = try XcodeMappingImporter.read(Data(Self.xcmapping.utf8), file: "Shelf.xcmappingmodel")
        let step = try MappedStep(
            mapping: mapping, sourceModel: ShelfFixture.model(1), destinationModel: ShelfFixture.model(2))
        let context = try MappedStepOrderCheckTests.context(source: try ShelfFixture.source())
        try step.withSession(context) { session in
            try session.createObjectsAndRelationships(context: context, batchSize: 100)
            let column = OrderPositions.Column(table: "ZNOTE", column: try ShelfFixture.orderColumn(ShelfFixture.model(2)))
            // Book 1's notes 3 and 2 have source positions (3 before 2), note 1 none; book 2's none.
            try OrderPositions.fillMissing(
                session.db, in: session.destination, sourcePositions: [column: "SELECT 3 AS d, 1 AS p UNION ALL SELECT 2, 5"])
            let members = try Row.fetchAll(
                session.db, sql: "SELECT ZBOOK, Z_PK FROM ZNOTE WHERE ZBOOK IS NOT NULL ORDER BY ZBOOK, \(column.column)")
            #expect(members.map { [$0[0], $0[1]] as [Int64] } == [[1, 3], [1, 2], [1, 1], [2, 4], [2, 5]])
        }
    }

    /// What the step checks where it wrote only the to-one side (``MappingSession/checkKeptOrders()``): the
    /// positions ``MappingSession/fillMissingPositions()`` gave from the source, moved as a wrong ranking would,
    /// fail the check, naming the owner.
    @Test("members placed from their to-one side, moved out of the source's order, fail the check", arguments: Path.allCases)
    func movedOrderFound(path: Path) throws {
        let mapping = try XcodeMappingImporter.read(Data(Self.xcmapping.utf8), file: "Shelf.xcmappingmodel")
        var step = try MappedStep(
            mapping: mapping, sourceModel: ShelfFixture.model(1), destinationModel: ShelfFixture.model(2))
        step.strategies = path.strategies
        let context = try MappedStepOrderCheckTests.context(source: try ShelfFixture.source())
        try step.withSession(context) { session in
            try session.createObjectsAndRelationships(context: context, batchSize: 100)
            try session.fillMissingPositions()
            try session.checkKeptOrders()
            try MappedStepOrderCheckTests.swapFirstTwo(session.db, .bulkForeignKey)
            let error = #expect(throws: MappingRuntimeError.self) { try session.checkKeptOrders() }
            #expect(error?.primaryKey == 1)
            #expect(error?.message.contains("the ordered relationship notes lost the order of the source's Book.notes") == true)
        }
    }
}
