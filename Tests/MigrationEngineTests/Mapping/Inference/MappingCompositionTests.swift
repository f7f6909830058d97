import Testing

@testable import MigrationEngine

/// When two inferred steps compose into one mapping (``MappingComposition``), and what it says.
@Suite("Mapping composition")
struct MappingCompositionTests {
    static func model(_ name: String, _ entities: Entity...) -> ObjectModel {
        ObjectModel(name: name, entities: entities)
    }

    static func composed(_ a: ObjectModel, _ b: ObjectModel, _ c: ObjectModel) -> InferredMapping? {
        MappingComposition(
            first: InferredMapping.infer(from: a, to: b), second: InferredMapping.infer(from: b, to: c), models: (a, b, c)
        ).composed()
    }

    @Test("A rename whose identifier the last version no longer keeps is a rename from the first")
    func renameThenIdentifierDropped() throws {
        let a = Self.model("A", Entity(name: "Note", attributes: [Attribute(name: "body", type: .string)]))
        let b = Self.model(
            "B", Entity(name: "Note", attributes: [Attribute(name: "text", type: .string, renamingIdentifier: "body")]))
        let c = Self.model(
            "C",
            Entity(
                name: "Note",
                attributes: [
                    Attribute(name: "pinned", type: .boolean, isOptional: false, defaultValue: "NO"),
                    Attribute(name: "text", type: .string),
                ]))
        #expect(!InferredMapping.infer(from: a, to: c).drops.isEmpty, "inferred directly, body would be dropped")
        let mapping = try #require(Self.composed(a, b, c))
        #expect(mapping.isInferable && mapping.drops.isEmpty)
        #expect(mapping.operations == ["add Note.pinned (default 0)", "rename Note.body → text"])
        #expect(mapping.sourceVersion == "A" && mapping.destinationVersion == "C")
    }

    @Test("Defaults compose: a value added empty and then required is the later default for every object")
    func defaults() throws {
        let a = Self.model("A", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string)]))
        let b = Self.model(
            "B",
            Entity(
                name: "Page",
                attributes: [
                    Attribute(name: "caption", type: .string),
                    Attribute(name: "title", type: .string, isOptional: false, defaultValue: "Untitled"),
                ]))
        let c = Self.model(
            "C",
            Entity(
                name: "Page",
                attributes: [
                    Attribute(name: "caption", type: .string, isOptional: false, defaultValue: "none"),
                    Attribute(name: "title", type: .string, isOptional: false, defaultValue: "Other"),
                ]))
        let page = try #require(Self.composed(a, b, c)?.entity("Page"))
        #expect(
            page.attribute("caption")
                == InferredPropertyMapping(kind: .attribute, destination: "caption", source: nil, defaultValue: .text("none")))
        // Filled by the first step; the second's default finds nothing missing.
        #expect(
            page.attribute("title")
                == InferredPropertyMapping(
                    kind: .attribute, destination: "title", source: "title", defaultValue: .text("Untitled"),
                    becomesRequired: true))
    }

    @Test("A default that filled missing values where the last version is optional again is not composed")
    func filledThenOptional() {
        let a = Self.model("A", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string)]))
        let b = Self.model(
            "B", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string, isOptional: false, defaultValue: "x")])
        )
        let c = Self.model("C", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string)]))
        #expect(Self.composed(a, b, c) == nil)
    }

    @Test("Steps that drop data, rename an entity or convert a number are not composed")
    func refusals() {
        let a = Self.model(
            "A", Entity(name: "Item", attributes: [Attribute(name: "n", type: .integer16), Attribute(name: "x", type: .string)]))
        let lossy = Self.model("B", Entity(name: "Item", attributes: [Attribute(name: "n", type: .integer16)]))
        #expect(Self.composed(a, lossy, a) == nil)
        let renamed = Self.model(
            "B", Entity(name: "Thing", renamingIdentifier: "Item", attributes: a.entities[0].attributes))
        let thing = Self.model("C", Entity(name: "Thing", attributes: a.entities[0].attributes))
        #expect(Self.composed(a, renamed, thing) == nil)
        let wider = Self.model(
            "B", Entity(name: "Item", attributes: [Attribute(name: "n", type: .integer32), Attribute(name: "x", type: .string)]))
        #expect(Self.composed(a, wider, wider) == nil)
        #expect(Self.composed(a, a, a) != nil)
    }

    @Test("A step with conditions on its source's objects is not composed: they are checked on that source")
    func conditionsRunAlone() {
        let a = Self.model("A", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string)]))
        let b = Self.model(
            "B", Entity(name: "Page", attributes: [Attribute(name: "title", type: .string, isOptional: false)]))
        let c = Self.model(
            "C",
            Entity(
                name: "Page",
                attributes: [Attribute(name: "title", type: .string, isOptional: false), Attribute(name: "n", type: .integer64)]
            ))
        #expect(InferredMapping.infer(from: a, to: b).conditions.count == 1)
        #expect(Self.composed(a, b, c) == nil)
        #expect(Self.composed(b, c, c) != nil)
    }

    @Test("A relationship both steps store differently is not composed; one step's change is")
    func relationshipShapes() {
        func tag(inverse: Bool) -> Entity {
            Entity(
                name: "Tag", attributes: [Attribute(name: "label", type: .string)],
                relationships: inverse
                    ? [Relationship(name: "book", destinationEntity: "Book", inverseName: "tags", inverseEntity: "Book")] : [])
        }
        func book(inverse: Bool, ordered: Bool) -> Entity {
            Entity(
                name: "Book",
                relationships: [
                    Relationship(
                        name: "tags", destinationEntity: "Tag", inverseName: inverse ? "book" : nil,
                        inverseEntity: inverse ? "Tag" : nil, isToMany: true, isOrdered: ordered)
                ])
        }
        let a = Self.model("A", book(inverse: false, ordered: false), tag(inverse: false))
        let b = Self.model("B", book(inverse: true, ordered: false), tag(inverse: true))
        let c = Self.model("C", book(inverse: true, ordered: true), tag(inverse: true))
        #expect(InferredMapping.infer(from: a, to: b).isInferable && InferredMapping.infer(from: b, to: c).isInferable)
        #expect(Self.composed(a, b, c) == nil)
        #expect(Self.composed(a, b, b) != nil)
        #expect(Self.composed(b, b, c) != nil)
    }
}
