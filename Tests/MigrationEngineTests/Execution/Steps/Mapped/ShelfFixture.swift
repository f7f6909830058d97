import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A two-version model (Shelf 2 adds `Book.subtitle`) with an entity that has no attribute at all (`Note`)
/// and an ordered to-many (`Book.notes`, kept by `ZNOTE.Z_FOK_BOOK`), and its step as a mapping file and as
/// an Xcode mapping model, both mapping `Note` first (so no relationship of it is written with its rows).
/// With `stickies`, `Note` has a sub-entity `Sticky`, so `Book.notes` holds objects of both.
enum ShelfFixture {
    static func model(_ version: Int, stickies: Bool = false) -> ObjectModel {
        ObjectModel(
            name: "Shelf \(version)",
            entities: [
                Entity(
                    name: "Book",
                    attributes: [Attribute(name: "title", type: .string)]
                        + (version == 1 ? [] : [Attribute(name: "subtitle", type: .string)]),
                    relationships: [
                        Relationship(
                            name: "notes", destinationEntity: "Note", inverseName: "book", inverseEntity: "Note",
                            isToMany: true, isOrdered: true)
                    ]),
                Entity(
                    name: "Note", attributes: [],
                    relationships: [
                        Relationship(name: "book", destinationEntity: "Book", inverseName: "notes", inverseEntity: "Book")
                    ]),
            ]
                + (stickies
                    ? [Entity(name: "Sticky", parentName: "Note", attributes: [Attribute(name: "color", type: .string)])] : []))
    }

    /// Each book's notes in their order: book 1 holds notes 3, 1, 2; book 2 notes 5, 4; note 6 no book.
    static let order: [Int64: [Int64]] = [1: [3, 1, 2], 2: [5, 4]]

    /// The `Z_FOK_` column of `Note.book` in a store of `model`.
    static func orderColumn(_ model: ObjectModel) throws -> String {
        let table = try #require(StoreWriter(model: model).schema.table(for: "Note"))
        return try #require(table.column(.foreignOrder(entity: "Note", relationship: "book"))).name
    }

    /// A Shelf 1 store holding ``order``, its order keys unlike the notes' key order.
    static func source() throws -> String {
        let model = model(1)
        let path = try TemporaryDirectory.make().appendingPathComponent("Shelf.sqlite").path
        let writer = StoreWriter(model: model)
        try writer.create(at: path)
        let column = try orderColumn(model)
        try DatabaseQueue(path: path).write { db in
            let book = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Book'")!
            let note = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Note'")!
            for key in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, ?, 1, ?)",
                    arguments: [key, book, "Book \(key)"])
            }
            try db.execute(sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT) VALUES (6, ?, 1)", arguments: [note])
            for (owner, notes) in order {
                for (position, key) in notes.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, ZBOOK, \(column)) VALUES (?, ?, 1, ?, ?)",
                        arguments: [key, note, owner, 7 * (position + 1)])
                }
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 2 WHERE Z_NAME = 'Book'")
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 6 WHERE Z_NAME = 'Note'")
        }
        return path
    }

    /// Each book's notes as a store orders them (`Z_FOK_`, then `Z_PK`), and every note's key.
    static func contents(_ path: String, model: ObjectModel) throws -> (order: [Int64: [Int64]], notes: [Int64]) {
        let column = try orderColumn(model)
        return try DatabaseQueue(path: path).read { db in
            var order: [Int64: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT ZBOOK, Z_PK FROM ZNOTE WHERE ZBOOK IS NOT NULL ORDER BY \(column), Z_PK")
            {
                order[row[0], default: []].append(row[1])
            }
            return (order, try Int64.fetchAll(db, sql: "SELECT Z_PK FROM ZNOTE ORDER BY Z_PK"))
        }
    }

    /// The step as a mapping file: `Note` mapped with no attribute to set, the subtitle from the title.
    static let mappingFile = """
        from: Shelf 1
        to: Shelf 2
        mappings:
          - name: NoteToNote
            source: Note
            destination: Note
          - name: BookToBook
            source: Book
            destination: Book
            attributes: { subtitle: upper($source.title) }
        """

    /// The step as Xcode writes its mapping model: both relationships left blank for Xcode to generate.
    static let xcmapping = """
        <?xml version="1.0" standalone="yes"?>
        <database>
            <object type="XDDEVMAPPINGMODEL" id="m1">
                <attribute name="sourcemodelpath" type="string">Shelf/Shelf.xcdatamodeld/Shelf 1.xcdatamodel</attribute>
                <attribute name="destinationmodelpath" type="string">Shelf/Shelf.xcdatamodeld/Shelf 2.xcdatamodel</attribute>
                <relationship name="entitymappings" type="0/0" destination="XDDEVENTITYMAPPING" idrefs="e2 e1"></relationship>
            </object>
            <object type="XDDEVENTITYMAPPING" id="e1">
                <attribute name="sourcename" type="string">Book</attribute>
                <attribute name="mappingtypename" type="string">Undefined</attribute>
                <attribute name="mappingnumber" type="int16">2</attribute>
                <attribute name="destinationname" type="string">Book</attribute>
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <relationship name="attributemappings" type="0/0" destination="XDDEVATTRIBUTEMAPPING" idrefs="a1"></relationship>
                <relationship name="relationshipmappings" type="0/0" destination="XDDEVRELATIONSHIPMAPPING" idrefs="r1"></relationship>
            </object>
            <object type="XDDEVATTRIBUTEMAPPING" id="a1">
                <attribute name="name" type="string">title</attribute>
            </object>
            <object type="XDDEVRELATIONSHIPMAPPING" id="r1">
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <attribute name="name" type="string">notes</attribute>
            </object>
            <object type="XDDEVENTITYMAPPING" id="e2">
                <attribute name="sourcename" type="string">Note</attribute>
                <attribute name="mappingtypename" type="string">Undefined</attribute>
                <attribute name="mappingnumber" type="int16">1</attribute>
                <attribute name="destinationname" type="string">Note</attribute>
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <relationship name="relationshipmappings" type="0/0" destination="XDDEVRELATIONSHIPMAPPING" idrefs="r2"></relationship>
            </object>
            <object type="XDDEVRELATIONSHIPMAPPING" id="r2">
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <attribute name="name" type="string">book</attribute>
            </object>
        </database>
        """
}
