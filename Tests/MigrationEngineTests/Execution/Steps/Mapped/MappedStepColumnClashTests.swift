import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Two sub-entities sharing one table and declaring properties of the same name: Core Data gives the second
/// one's columns a suffix (`ZTEXT1`, `ZQUOTE1`, `Z1_QUOTE1`; wire's `ZMESSAGE` has `ZTEXT` and `ZTEXT1`). A mapped
/// step must read and write those columns, not the unsuffixed ones another entity owns.
@Suite("Mapped step with clashing column names")
struct MappedStepColumnClashTests {
    /// `Message` (abstract) with `SystemMessage` and `TextMessage` below it, each with its own `text` and `quote`
    /// (a to-one to any message, so it has a `Z<n>_` entity column). Version 2 adds `TextMessage.edited`.
    static func model(_ version: Int) -> ObjectModel {
        func message(_ name: String, extra: [Attribute] = []) -> Entity {
            Entity(
                name: name, parentName: "Message", attributes: [Attribute(name: "text", type: .string)] + extra,
                relationships: [Relationship(name: "quote", destinationEntity: "Message")])
        }
        return ObjectModel(
            name: "Chat \(version)",
            entities: [
                Entity(name: "Message", isAbstract: true, attributes: [Attribute(name: "sent", type: .integer64)]),
                message("SystemMessage"),
                message("TextMessage", extra: version == 1 ? [] : [Attribute(name: "edited", type: .boolean)]),
            ])
    }

    /// System message 1 and text messages 2 ("hello", quoting 1) and 3 ("world", quoting 2).
    static func source() throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Chat.sqlite").path
        let writer = StoreWriter(model: model(1))
        try writer.create(at: path)
        let table = try #require(writer.schema.table(for: "TextMessage"))
        func column(_ role: SchemaColumn.Role) throws -> String { try #require(table.column(role)).name }
        let systemText = try column(.attribute(entity: "SystemMessage", name: "text"))
        let text = try column(.attribute(entity: "TextMessage", name: "text"))
        let quote = try column(.foreignKey(entity: "TextMessage", relationship: "quote"))
        let quoteEntity = try column(.foreignEntity(entity: "TextMessage", relationship: "quote"))
        // The clash this suite is about: Core Data's suffix on the second claim of each name.
        #expect([systemText, text, quote, quoteEntity] == ["ZTEXT", "ZTEXT1", "ZQUOTE1", "Z1_QUOTE1"])
        let numbers = Dictionary(uniqueKeysWithValues: writer.schema.entities.map { ($0.name, $0.number) })
        let system = try #require(numbers["SystemMessage"])
        let textMessage = try #require(numbers["TextMessage"])
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "INSERT INTO ZMESSAGE (Z_PK, Z_ENT, Z_OPT, ZSENT, ZTEXT) VALUES (1, ?, 1, 10, 'system one')",
                arguments: [system])
            for (key, words, quoted, quotedEntity) in [(2, "hello", 1, system), (3, "world", 2, textMessage)] {
                try db.execute(
                    sql:
                        "INSERT INTO ZMESSAGE (Z_PK, Z_ENT, Z_OPT, ZSENT, \(text), \(quote), \(quoteEntity)) VALUES (?, ?, 1, ?, ?, ?, ?)",
                    arguments: [key, textMessage, key * 10, words, quoted, quotedEntity])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 3 WHERE Z_NAME = 'Message'")
        }
        return path
    }

    @Test("values land in the suffixed columns and read back through rows", arguments: [false, true])
    func suffixedColumns(objectByObject: Bool) throws {
        let text = """
            from: Chat 1
            to: Chat 2
            mappings:
              - name: SystemMessageToSystemMessage
                source: SystemMessage
                destination: SystemMessage
              - name: TextMessageToTextMessage
                source: TextMessage
                destination: TextMessage
            \(objectByObject ? "    attributes: { text: upper($source.text) }" : "")
            """
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "chat.yaml"), sourceModel: Self.model(1),
            destinationModel: Self.model(2))
        let out = try SampleJournalStore.run(step, source: try Self.source())
        let project = try MigrationProject(
            bundle: ModelBundle(
                path: "Chat.xcdatamodeld", versions: [Self.model(1), Self.model(2)], currentVersionName: "Chat 2"))
        let texts = try project.rows(store: out, entity: "TextMessage").objects
        let uuid = try StoreReader.read(path: out).metadata.uuid
        #expect(texts.map(\.primaryKey) == [2, 3])
        #expect(
            texts.map { $0["text"] } == (objectByObject ? [.text("HELLO"), .text("WORLD")] : [.text("hello"), .text("world")]))
        #expect(
            texts.map { $0["quote"] } == [
                .text(ObjectURI.make(store: uuid, entity: "SystemMessage", primaryKey: 1)),
                .text(ObjectURI.make(store: uuid, entity: "TextMessage", primaryKey: 2)),
            ])
        let system = try project.rows(store: out, entity: "SystemMessage").objects
        #expect(system.map { $0["text"] } == [.text("system one")])
        #expect(system.map { $0["quote"] } == [.null])
    }
}
