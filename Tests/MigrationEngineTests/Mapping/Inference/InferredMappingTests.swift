import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Inferred mapping")
struct InferredMappingTests {
    @Test("A renaming identifier makes a rename")
    func renameThroughIdentifier() throws {
        let mapping = InferredMapping.infer(from: try JournalFixture.version(2), to: try JournalFixture.version(3))
        #expect(mapping.isInferable)
        #expect(mapping.drops.isEmpty)
        #expect(mapping.entity("Entry")?.attribute("text")?.source == "body")
        #expect(mapping.operations == ["rename Entry.body → text"])
    }

    @Test("A new required Boolean with default NO is inferable and filled with 0")
    func requiredWithDefault() throws {
        let mapping = InferredMapping.infer(from: try JournalFixture.version(1), to: try JournalFixture.version(2))
        #expect(mapping.isInferable)
        #expect(mapping.entity("Entry")?.attribute("favorite")?.defaultValue == .integer(0))
        #expect(mapping.operations == ["add Entry.favorite (default 0)"])
    }

    @Test("A rename without identifier is a counted loss with a suggested rename")
    func renameWithoutIdentifier() throws {
        let source = try JournalFixture.version(2)
        var destination = try JournalFixture.version(3)
        let entry = try #require(destination.entities.firstIndex { $0.name == "Entry" })
        let text = try #require(destination.entities[entry].attributes.firstIndex { $0.name == "text" })
        destination.entities[entry].attributes[text].renamingIdentifier = nil
        let mapping = InferredMapping.infer(from: source, to: destination)
        #expect(mapping.isInferable)
        #expect(mapping.suggestedRenames == [RenameSuggestion(entity: "Entry", from: "body", to: "text")])
        let losses = try DataLossCounter.count(
            mapping, sourceModel: source, storePath: JournalFixture.store(version: 2, entries: 40))
        #expect(losses == [DataLoss(kind: .attribute, entity: "Entry", property: "body", count: 40)])
        #expect(losses.first?.description == "drops Entry.body (40 values)")
    }

    @Test("A split into a new required to-one is inferable only for a store without objects of the entity")
    func heavyweightSplit() throws {
        let before = ObjectModel(
            name: "a", entities: [Entity(name: "Post", attributes: [Attribute(name: "hexColor", type: .string)])])
        let after = ObjectModel(
            name: "b",
            entities: [
                Entity(
                    name: "Color", attributes: [Attribute(name: "hex", type: .string)],
                    relationships: [Relationship(name: "post", destinationEntity: "Post", inverseName: "color")]),
                Entity(
                    name: "Post",
                    relationships: [
                        Relationship(name: "color", destinationEntity: "Color", inverseName: "post", isOptional: false)
                    ]),
            ])
        let mapping = InferredMapping.infer(from: before, to: after)
        #expect(mapping.isInferable)
        #expect(mapping.conditions.map(\.description) == ["Post.color: new required to-one relationship; needs no Post objects"])
        #expect(mapping.entity("Color")?.source == nil)
        #expect(mapping.drops == [DataLoss(kind: .attribute, entity: "Post", property: "hexColor")])
    }

    /// ProtonDrive's Metadata v1.2 → v1.3 and ProtonMail 2.0.10 → 2.0.11 change an attribute between String and
    /// Transformable and ship no mapping model; Core Data's lightweight migration changes no type beyond numbers.
    @Test("String ↔ Transformable is not inferable, the reason naming the transformer the values would need")
    func stringToTransformable() throws {
        let model = { (name: String, type: AttributeType, transformer: String?) in
            ObjectModel(
                name: name,
                entities: [
                    Entity(
                        name: "Block",
                        attributes: [Attribute(name: "signatureEmail", type: type, valueTransformerName: transformer)])
                ])
        }
        let string = model("v1", .string, nil)
        let reasons = { (to: ObjectModel) in InferredMapping.infer(from: string, to: to).notInferable.map(\.description) }
        let rule =
            "lightweight migration converts values only between numeric types, so this step needs a mapping that converts them"
        #expect(
            reasons(model("v2", .transformable, "StringCryptoTransformer")) == [
                "Block.signatureEmail: type changes from String to Transformable; \(rule) (to Transformable, each value "
                    + "must be archived by the app's value transformer StringCryptoTransformer)"
            ])
        #expect(
            reasons(model("v2", .transformable, nil)) == [
                "Block.signatureEmail: type changes from String to Transformable; \(rule) (to Transformable, each value "
                    + "must be archived by its value transformer)"
            ])
        #expect(
            InferredMapping.infer(from: model("v2", .transformable, nil), to: string).notInferable.map(\.description) == [
                "Block.signatureEmail: type changes from Transformable to String; \(rule)"
            ])
    }

    @Test("Type changes are not inferable; required attributes without default are, on conditions; entity renames are")
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
            mapping.notInferable.map(\.description) == [
                "Product.count: type changes from Integer 16 to String; lightweight migration converts values only "
                    + "between numeric types, so this step needs a mapping that converts them"
            ])
        #expect(
            mapping.conditions.map(\.description) == [
                "Product.note: becomes required without a default value; needs every Item object to have a note",
                "Product.sku: new required attribute without a default value; needs no Item objects",
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
