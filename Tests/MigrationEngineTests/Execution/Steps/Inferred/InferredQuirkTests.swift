import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Inferred steps accept the model quirks Core Data accepts (wire 2.47.0, 2.54.0)")
struct InferredQuirkTests {
    @Test("A Boolean renamed to an Integer 32 with the default NO keeps its values; numbers convert between types")
    func numericTypeChange() throws {
        let before = ObjectModel(
            name: "a",
            entities: [
                Entity(
                    name: "Conversation",
                    attributes: [
                        Attribute(name: "isSilenced", type: .boolean, isOptional: true, renamingIdentifier: "mutedStatus"),
                        Attribute(name: "timeout", type: .double, isOptional: true),
                    ])
            ])
        let after = ObjectModel(
            name: "b",
            entities: [
                Entity(
                    name: "Conversation",
                    attributes: [
                        Attribute(name: "mutedStatus", type: .integer32, isOptional: true, defaultValue: "NO"),
                        Attribute(name: "timeout", type: .integer64, isOptional: true),
                    ])
            ])
        let source = try InferredStepTests.makeStore(
            before,
            sql: [
                "INSERT INTO ZCONVERSATION VALUES (1, 1, 1, 1, 2.75), (2, 1, 1, 0, -2.75), (3, 1, 1, NULL, NULL)"
            ])
        let step = InferredStep(sourceModel: before, destinationModel: after)
        #expect(step.mapping.isInferable)
        #expect(step.mapping.entity("Conversation")?.attribute("mutedStatus")?.source == "isSilenced")
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(
            try out.strings("SELECT Z_PK, ZMUTEDSTATUS, ZTIMEOUT FROM ZCONVERSATION ORDER BY Z_PK") == [
                ["int64(1)", "int64(1)", "int64(2)"], ["int64(2)", "int64(0)", "int64(-2)"], ["int64(3)", "null", "null"],
            ])
        #expect(DefaultLiteral(attribute: after.entities[0].attributes[0]) == .integer(0))
        // Text and Binary are no numbers: that change stays not inferable.
        var text = after
        text.entities[0].attributes[1].type = .string
        #expect(!InferredMapping.infer(from: before, to: text).isInferable)
    }

    @Test("An entity renaming identifier that names nothing is ignored: the entity keeps its objects by name")
    func identifierNamingNothing() throws {
        let before = ObjectModel(
            name: "a",
            entities: [Entity(name: "Conversation", attributes: [Attribute(name: "name", type: .string, isOptional: true)])])
        var after = before
        after.name = "b"
        after.entities[0].renamingIdentifier = "messageDestructionTimeout"
        let mapping = InferredMapping.infer(from: before, to: after)
        #expect(mapping.entity("Conversation")?.source == "Conversation")
        #expect(mapping.droppedEntities.isEmpty)
        // An identifier naming a source entity still wins over the name.
        let renamed = ObjectModel(name: "c", entities: before.entities + [Entity(name: "Chat")])
        var target = renamed
        target.entities[0].renamingIdentifier = "Chat"
        target.entities.removeLast()
        #expect(InferredMapping.infer(from: renamed, to: target).entity("Conversation")?.source == "Chat")
    }
}
