import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Inferred mapping")
struct InferredMappingTests {
    static let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
    static let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"

    @Test("A renaming identifier makes a rename", Corpus.required)
    func renameThroughIdentifier() throws {
        let mapping = InferredMapping.infer(
            from: try StepRunner.version("CoreDataMigration_Example", of: Self.sections),
            to: try StepRunner.version("CoreDataMigration_Example 2", of: Self.sections))
        #expect(mapping.isInferable)
        #expect(mapping.drops.isEmpty)
        #expect(mapping.entity("Post")?.attribute("hexColor")?.source == "color")
        #expect(mapping.operations == ["rename Post.color → hexColor"])
    }

    @Test("A new required Boolean with default NO is inferable and filled with 0", Corpus.required)
    func requiredWithDefault() throws {
        let mapping = InferredMapping.infer(
            from: try StepRunner.version("CoreDataMigration_Example 3", of: Self.sections),
            to: try StepRunner.version("CoreDataMigration_Example 4", of: Self.sections))
        #expect(mapping.isInferable)
        #expect(mapping.entity("Post")?.attribute("softDeleted")?.defaultValue == .integer(0))
        #expect(mapping.operations == ["add Post.softDeleted (default 0)"])
    }

    @Test("A rename without identifier is a counted loss with a suggested rename", Corpus.required)
    func renameWithoutIdentifier() throws {
        let source = try StepRunner.version("CoreDataMigration_Example", of: Self.colors)
        let mapping = InferredMapping.infer(
            from: source, to: try StepRunner.version("CoreDataMigration_Example 2", of: Self.colors))
        #expect(mapping.isInferable)
        #expect(mapping.suggestedRenames == [RenameSuggestion(entity: "Post", from: "color", to: "hexColor")])
        let losses = try DataLossCounter.count(
            mapping, sourceModel: source,
            storePath: Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite"))
        #expect(losses == [DataLoss(kind: .attribute, entity: "Post", property: "color", count: 1001)])
        #expect(losses.first?.description == "drops Post.color (1001 values)")
    }

    @Test("The heavyweight split is not inferable and says why", Corpus.required)
    func heavyweightSplit() throws {
        let mapping = InferredMapping.infer(
            from: try StepRunner.version("CoreDataMigration_Example 2", of: Self.colors),
            to: try StepRunner.version("CoreDataMigration_Example 3", of: Self.colors))
        #expect(!mapping.isInferable)
        #expect(
            mapping.notInferable.map(\.description) == [
                "Post.color: new required to-one relationship; existing objects would have nothing to point to"
            ])
        #expect(mapping.entity("Color")?.source == nil)
        #expect(mapping.drops == [DataLoss(kind: .attribute, entity: "Post", property: "hexColor")])
    }

    @Test("Type changes and new required attributes without default are not inferable; entity renames are")
    func reasons() {
        let before = ObjectModel(
            name: "a",
            entities: [
                Entity(
                    name: "Item",
                    attributes: [Attribute(name: "count", type: .integer16), Attribute(name: "note", type: .string)])
            ])
        let after = ObjectModel(
            name: "b",
            entities: [
                Entity(
                    name: "Product", renamingIdentifier: "Item",
                    attributes: [
                        Attribute(name: "count", type: .string), Attribute(name: "note", type: .string, isOptional: false),
                        Attribute(name: "sku", type: .string, isOptional: false),
                    ])
            ])
        let mapping = InferredMapping.infer(from: before, to: after)
        #expect(mapping.entity("Product")?.source == "Item")
        #expect(mapping.droppedEntities.isEmpty)
        #expect(
            Set(mapping.notInferable.map(\.description)) == [
                "Product.count: type changes from Integer 16 to String",
                "Product.note: becomes required without a default value for objects that have none",
                "Product.sku: new required attribute without a default value",
            ])
        #expect(mapping.operations.first == "rename entity Item → Product")
    }

    @Test(
        "Default literals follow the attribute type",
        arguments: [
            (Attribute(name: "a", type: .boolean, defaultValue: "YES"), DefaultLiteral.integer(1)),
            (Attribute(name: "a", type: .integer32, defaultValue: "7"), .integer(7)),
            (Attribute(name: "a", type: .double, defaultValue: "2.5"), .real(2.5)),
            (Attribute(name: "a", type: .string, defaultValue: "x"), .text("x")),
            (Attribute(name: "a", type: .date, defaultValue: "600000000"), .real(600_000_000)),
        ])
    func defaults(_ attribute: Attribute, _ expected: DefaultLiteral) {
        #expect(DefaultLiteral(attribute: attribute) == expected)
    }

    @Test("Dropping a to-many whose inverse to-one stays loses nothing; dropping the to-one does")
    func dropsFollowStorage() {
        let before = InferredStepTests.v1
        var withoutToMany = before
        withoutToMany.entities[0].relationships = []
        withoutToMany.entities[1].relationships[0].inverseName = nil
        #expect(InferredMapping.infer(from: before, to: withoutToMany).drops.isEmpty)
        var withoutToOne = before
        withoutToOne.entities[1].relationships.removeFirst()
        withoutToOne.entities[0].relationships[0].inverseName = nil
        #expect(
            InferredMapping.infer(from: before, to: withoutToOne).drops
                == [DataLoss(kind: .relationship, entity: "Note", property: "folder")])
    }
}
