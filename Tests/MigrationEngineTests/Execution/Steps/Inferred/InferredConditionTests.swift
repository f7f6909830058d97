import Foundation
import MigrationEngine
import TestSupport
import Testing

/// A required property without a default is inferred, and the store's objects decide, as Core Data's
/// lightweight migration decides: it stops on "missing attribute values on mandatory destination attribute"
/// only when an object lacks the value (WooCommerce's Model 2 → 3 made `granularity` required and added a
/// required `date` without defaults, and shipped without a mapping model).
@Suite("Inferred step: required properties without a default are checked against the store")
struct InferredConditionTests {
    /// `Note.body` becomes required and `Tag` gets a new required `color`, neither with a default.
    static let required: ObjectModel = {
        var model = InferredStepTests.v1
        model.name = "required"
        model.entities[1].attributes[1].isOptional = false
        model.entities[2].attributes.append(Attribute(name: "color", type: .string, isOptional: false))
        return model
    }()

    /// `Note.body` alone becomes required.
    static let requiredBody: ObjectModel = {
        var model = InferredStepTests.v1
        model.name = "requiredBody"
        model.entities[1].attributes[1].isOptional = false
        return model
    }()

    @Test("The step is inferable, on conditions naming what the store's objects must hold")
    func conditions() {
        let mapping = InferredMapping.infer(from: InferredStepTests.v1, to: Self.required)
        #expect(mapping.isInferable)
        #expect(mapping.notInferable.isEmpty)
        #expect(
            mapping.conditions.map(\.description) == [
                "Note.body: becomes required without a default value; needs every Note object to have a body",
                "Tag.color: new required attribute without a default value; needs no Tag objects",
            ])
        #expect(mapping.conditions.map(\.kind) == [.everyObjectHasValue, .noObjects])
    }

    @Test("Every object has the value that becomes required: the step runs and keeps every value")
    func everyObjectHasTheValue() throws {
        let rows = InferredStepTests.rows.map {
            $0.replacingOccurrences(of: "(2, 2, 2, 1, 2048, NULL,", with: "(2, 2, 2, 1, 2048, 'b2',")
        }
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: rows)
        let out = try StoreDump(
            StepRunner.run(
                InferredStep(sourceModel: InferredStepTests.v1, destinationModel: Self.requiredBody), sourcePath: source))
        #expect(
            try out.strings("SELECT ZBODY FROM ZNOTE ORDER BY Z_PK") == [
                ["string(\"b1\")"], ["string(\"b2\")"], ["string(\"b5\")"],
            ])
        #expect(
            try out.strings("SELECT ZTITLE FROM ZNOTE WHERE ZTITLE IS NOT NULL ORDER BY Z_PK") == [
                ["string(\"t1\")"], ["string(\"t2\")"],
            ])
    }

    @Test("An object without the value stops the step before it writes anything, saying how many and which")
    func anObjectLacksTheValue() throws {
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let error = #expect(throws: StoreWriteError.self) {
            try StepRunner.run(
                InferredStep(sourceModel: InferredStepTests.v1, destinationModel: Self.required), sourcePath: source)
        }
        #expect(error?.category == .migrationFailed)
        #expect(
            error?.message
                == "v1 → required cannot migrate this store, as Core Data's lightweight migration cannot: 1 Note object has "
                + "no body (Note.body becomes required without a default value); 2 Tag objects would have no color "
                + "(new required attribute without a default value); an explicit mapping for this step can give them a value")
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
    }

    @Test("A new required attribute on an entity without objects: the step runs")
    func noObjectsOfTheEntity() throws {
        let rows = InferredStepTests.rows.filter { !$0.contains("ZTAG") && !$0.contains("Z_2TAGS") }
            .map { $0.replacingOccurrences(of: "(2, 2, 2, 1, 2048, NULL,", with: "(2, 2, 2, 1, 2048, 'b2',") }
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: rows)
        let out = try StoreDump(
            StepRunner.run(InferredStep(sourceModel: InferredStepTests.v1, destinationModel: Self.required), sourcePath: source))
        #expect(try out.columns("ZTAG").contains("ZCOLOR"))
        #expect(
            try out.strings("SELECT ZBODY FROM ZNOTE ORDER BY Z_PK") == [
                ["string(\"b1\")"], ["string(\"b2\")"], ["string(\"b5\")"],
            ])
    }

    @Test("Counted in a store, each condition says how many objects break it")
    func counted() throws {
        let source = try InferredStepTests.makeStore(InferredStepTests.v1, sql: InferredStepTests.rows)
        let mapping = InferredMapping.infer(from: InferredStepTests.v1, to: Self.required)
        let counted = try StoreConditionCounter.count(mapping.conditions, sourceModel: InferredStepTests.v1, storePath: source)
        #expect(counted.map(\.count) == [1, 2])
        #expect(
            counted.last?.description
                == "Tag.color: new required attribute without a default value; needs no Tag objects (2 break it in the store)")
    }
}
