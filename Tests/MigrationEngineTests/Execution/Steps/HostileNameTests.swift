import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Names from a model or a store are data: quotes, spaces, semicolons, comments and keywords in entity,
/// property and table names must be created, copied and read back as they are, by every step and reader,
/// and never end up as SQL.
@Suite("Hostile names round-trip")
struct HostileNameTests {
    static let note = "Note \"quoted\" x"
    static let folder = "Fol\"der"
    static let tag = "Tag' t"
    static let title = "ti\"tle"
    static let body = "body; DROP TABLE Z_METADATA; --"
    static let owner = "fol der\""
    static let notes = "no\"tes"
    static let tags = "ta gs"
    static let count = "no\"tes count's"
    static let appTable = "my \"notes\"; DROP TABLE Z_PRIMARYKEY; --"
    static let appColumn = "c\"ol umn"

    /// Version 2 adds `add"ed` with a default, so an inferred step binds a value the source does not have.
    static func model(_ version: Int) -> ObjectModel {
        ObjectModel(
            name: "Hostile \(version)",
            entities: [
                Entity(
                    name: note,
                    attributes: [
                        Attribute(name: title, type: .string), Attribute(name: body, type: .string),
                        Attribute(name: "it's", type: .string), Attribute(name: "order", type: .integer32),
                    ] + (version == 1 ? [] : [Attribute(name: "add\"ed", type: .string, defaultValue: "new")]),
                    relationships: [
                        Relationship(name: owner, destinationEntity: folder, inverseName: notes),
                        Relationship(name: tags, destinationEntity: tag, inverseName: notes, isToMany: true),
                    ]),
                Entity(
                    name: folder,
                    attributes: [
                        Attribute(
                            name: count, type: .integer64, isReadOnly: true, isDerived: true,
                            derivationExpression: "\(notes).@count")
                    ],
                    relationships: [Relationship(name: notes, destinationEntity: note, inverseName: owner, isToMany: true)]),
                Entity(
                    name: tag, attributes: [Attribute(name: "na me", type: .string)],
                    relationships: [Relationship(name: notes, destinationEntity: note, inverseName: tags, isToMany: true)]),
            ])
    }

    /// Folder 1 holding notes 1 and 2, tag 1 on both, and an app table outside the model.
    static func source() throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Hostile.sqlite").path
        let writer = StoreWriter(model: model(1))
        // Core Data's derived-count triggers call functions only Core Data registers: none in the source.
        try writer.create(at: path, options: StoreCreationOptions(installsTriggers: false))
        let schema = writer.schema
        let noteTable = try #require(schema.table(for: note))
        func column(_ role: SchemaColumn.Role) throws -> String {
            SQLIdentifier(try #require(noteTable.column(role)).name).quoted
        }
        let join = try #require(schema.joinTable(entity: note, relationship: tags))
        let (noteSide, tagSide) =
            join.owner.entity == note ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
        func quoted(_ name: String) -> String { SQLIdentifier(name).quoted }
        func number(_ entity: String) throws -> Int { try #require(schema.entity(named: entity)).number }
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "INSERT INTO \(quoted(try #require(schema.table(for: folder)).name)) (Z_PK, Z_ENT, Z_OPT) VALUES (1, ?, 1)",
                arguments: [try number(folder)])
            let columns = try [
                column(.attribute(entity: note, name: title)), column(.attribute(entity: note, name: body)),
                column(.attribute(entity: note, name: "it's")), column(.attribute(entity: note, name: "order")),
                column(.foreignKey(entity: note, relationship: owner)),
            ].joined(separator: ", ")
            for (key, words) in [(1, "first"), (2, "O'Brien\"; DROP TABLE Z_METADATA; --")] {
                try db.execute(
                    sql: "INSERT INTO \(quoted(noteTable.name)) (Z_PK, Z_ENT, Z_OPT, \(columns)) VALUES (?, ?, 1, ?, ?, ?, ?, 1)",
                    arguments: [key, try number(note), words, "body \(key)", "it's \(key)", key])
            }
            let tagTable = try #require(schema.table(for: tag))
            let tagName = SQLIdentifier(try #require(tagTable.column(.attribute(entity: tag, name: "na me"))).name).quoted
            try db.execute(
                sql: "INSERT INTO \(quoted(tagTable.name)) (Z_PK, Z_ENT, Z_OPT, \(tagName)) VALUES (1, ?, 1, 'red')",
                arguments: [try number(tag)])
            try db.execute(
                sql: "INSERT INTO \(quoted(join.name)) (\(quoted(noteSide)), \(quoted(tagSide))) VALUES (1, 1), (2, 1)")
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 2 WHERE Z_NAME = ?", arguments: [note])
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_NAME <> ?", arguments: [note])
            try db.execute(sql: "CREATE TABLE \(quoted(appTable)) (\(quoted(appColumn)) TEXT)")
            try db.execute(sql: "INSERT INTO \(quoted(appTable)) VALUES ('kept')")
        }
        return path
    }

    static func mapping(objectByObject: Bool) throws -> MappingModel {
        try MappingFileReader.read(
            """
            from: Hostile 1
            to: Hostile 2
            mappings:
              - name: Notes
                source: '\(note)'
                destination: '\(note)'
            \(objectByObject ? "    policy: Plain" : "")
              - name: Folders
                source: '\(folder)'
                destination: '\(folder)'
              - name: Tags
                source: '\(tag.replacingOccurrences(of: "'", with: "''"))'
                destination: '\(tag.replacingOccurrences(of: "'", with: "''"))'
            """, path: "hostile.yaml")
    }

    @Test("an inferred step and a mapped step (in bulk and object by object) carry every value", arguments: [0, 1, 2])
    func roundTrip(kind: Int) throws {
        let step: any MigrationStep
        if kind == 0 {
            step = InferredStep(sourceModel: Self.model(1), destinationModel: Self.model(2))
        } else {
            var policies = MigrationPolicyRegistry()
            policies.register(PlainPolicy(), named: "Plain")
            step = try MappedStep(
                mapping: try Self.mapping(objectByObject: kind == 2), sourceModel: Self.model(1),
                destinationModel: Self.model(2), policies: policies)
        }
        let out = try StepRunner.run(step, sourcePath: try Self.source())
        try StoreValidator(model: Self.model(2)).validate(out, expectedCounts: [Self.note: 2, Self.folder: 1, Self.tag: 1])

        let project = try MigrationProject(
            bundle: ModelBundle(path: "Hostile.xcdatamodeld", versions: [Self.model(1), Self.model(2)], currentVersionName: nil))
        let contents = try StoreReader.read(path: out)
        func uri(_ entity: String, _ key: Int64) -> RenderedValue {
            .text(ObjectURI.make(store: contents.metadata.uuid, entity: entity, primaryKey: key))
        }
        let notes = try project.rows(store: out, entity: Self.note).objects
        #expect(notes.map { $0[Self.title] } == [.text("first"), .text("O'Brien\"; DROP TABLE Z_METADATA; --")])
        #expect(notes.map { $0[Self.body] } == [.text("body 1"), .text("body 2")])
        #expect(notes.map { $0["it's"] } == [.text("it's 1"), .text("it's 2")])
        #expect(notes.map { $0["add\"ed"] } == [.text("new"), .text("new")])
        #expect(notes.map { $0[Self.owner] } == [uri(Self.folder, 1), uri(Self.folder, 1)])
        let tagged = RenderedValue.list([ObjectURI.make(store: contents.metadata.uuid, entity: Self.tag, primaryKey: 1)])
        #expect(notes.map { $0[Self.tags] } == [tagged, tagged])
        let folders = try project.rows(store: out, entity: Self.folder).objects
        #expect(folders.map { $0[Self.count] } == [.integer(2)])

        // The inspector and the console's row browser read the same tables.
        #expect(contents.rows(of: Self.note) == 2)
        #expect(contents.otherTables.map(\.name) == [Self.appTable])
        #expect(contents.otherTables.map(\.columns) == [[Self.appColumn]])
        let page = try EntityRowPager(path: out, counts: contents.rowCounts).page(entity: Self.note, offset: 0, limit: 10)
        #expect(page.rows.count == 2)
        let carried = try DatabaseQueue(path: out).read { db in
            try String.fetchAll(
                db,
                sql: "SELECT \(SQLIdentifier(Self.appColumn).quoted) FROM \(SQLIdentifier(Self.appTable).quoted)")
        }
        #expect(carried == ["kept"])
    }
}
