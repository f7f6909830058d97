import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The mapped step's fixed parts on their own, on ``LibraryFixture``: the plan worked out before stage 1
/// (``MappedStepPlan``: which mappings keep their source keys, the keys others start above) and the layout of
/// every row stage 1 inserts (``InsertColumns``).
@Suite("Mapped step: the plan and the insert layout")
struct MappedStepPlanTests {
    /// `body` with a session of `step` on a fresh ``LibraryFixture`` store, before stage 1.
    static func session(_ step: MappedStep, _ body: (MappingSession) throws -> Void) throws {
        let context = try LibraryFixture.context(source: try LibraryFixture.source())
        try step.withSession(context, stages: body)
    }

    @Test("one mapping per table keeps its keys; the next keys start above the source's largest")
    func keysKept() throws {
        try Self.session(try LibraryFixture.step(try LibraryFixture.mapping())) { session in
            #expect(session.plan.keyPreserving == Set(session.mappings.map(\.index)))
            for name in ["ZAUTHOR", "ZBOOK", "ZDESK", "ZNOTE", "ZTAG"] {
                let largest = try Int64.fetchOne(session.db, sql: "SELECT MAX(Z_PK) FROM src.\(name)")
                #expect(session.plan.firstKeys[SQLIdentifier(name)] == largest, "\(name)")
            }
            #expect(session.nextKeys == session.plan.firstKeys)
        }
    }

    @Test("a merge, or two source entities into one table, keeps no keys there")
    func keysNotKept() throws {
        let merged = try LibraryFixture.step(try LibraryFixture.mapping(book: "    merge: $source.title"))
        try Self.session(merged) { session in
            let book = try #require(session.mappingsByName["BookToBook"])
            #expect(!session.plan.keyPreserving.contains(book.index))
            #expect(session.plan.firstKeys[SQLIdentifier("ZBOOK")] == nil)
            #expect(session.plan.keyPreserving.count == session.mappings.count - 1)
        }
        let mapping = try MappingFileReader.read(
            """
            from: Library 1
            to: Library 2
            mappings:
              - name: NoteToNote
                source: Note
                destination: Note
              - name: TagToNote
                source: Tag
                destination: Note
                attributes: { text: $source.name }
            """, path: "notes.yaml")
        try Self.session(try LibraryFixture.step(mapping)) { session in
            let notes = ["NoteToNote", "TagToNote"].compactMap { session.mappingsByName[$0]?.index }
            #expect(notes.count == 2 && session.plan.keyPreserving.isDisjoint(with: notes))
            #expect(session.plan.firstKeys[SQLIdentifier("ZNOTE")] == nil)
        }
    }

    @Test(
        "an insert's columns: bookkeeping, the stored attributes in order, then the links; the statement takes that many values")
    func insertLayout() throws {
        try Self.session(try LibraryFixture.step(try LibraryFixture.mapping())) { session in
            let book = try session.destination.table("Book")
            let plain = book.insertColumns
            #expect(plain.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "ZPAGES", "ZSUBTITLE"])
            #expect(plain.attributes == 3..<6 && plain.links.isEmpty && plain.width == 6)
            #expect(plain.attributeColumns.map(\.name) == book.storedAttributes.map { book.columns[$0.name]?.name })
            let author = try book.column("author")
            let linked = InsertColumns(book, links: [author])
            #expect(linked.columns == plain.columns + [author])
            #expect(linked.attributes == plain.attributes && linked.links == 6..<7 && linked.width == 7)
            // The statement binds exactly `width` values, in the layout's order.
            let values: [DatabaseValue] = [
                100.databaseValue, book.number.databaseValue, 1.databaseValue, "T".databaseValue, 9.databaseValue,
                "S".databaseValue, 3.databaseValue,
            ]
            try session.db.execute(sql: linked.insert(into: book.table).sql, arguments: StatementArguments(values))
            let row = try #require(
                try Row.fetchOne(
                    session.db, sql: "SELECT ZTITLE, ZPAGES, ZSUBTITLE, \(author.quoted) FROM main.ZBOOK WHERE Z_PK = 100"))
            let stored: [DatabaseValue] = [row[0], row[1], row[2], row[3]]
            #expect(stored == ["T".databaseValue, 9.databaseValue, "S".databaseValue, 3.databaseValue])
            #expect(throws: (any Error).self) {
                try session.db.execute(sql: linked.insert(into: book.table).sql, arguments: StatementArguments(values.dropLast()))
            }
        }
    }

    @Test("a row's compiled values are for its own object and mapping only")
    func rowComputedValues() {
        let book = ObjectReference(side: .source, entity: "Book", primaryKey: 7)
        var row = MappedSourceRow(reference: book, values: [7.databaseValue, "T".databaseValue], previousKey: 5)
        #expect(row.computedFor(MappingNumber(2), book) == nil, "nothing computed")
        row.precomputed = (MappingNumber(2), "key".databaseValue, ["T".databaseValue, 9.databaseValue][...])
        let computed = row.computedFor(MappingNumber(2), book)
        #expect(
            computed?.key == "key".databaseValue && computed.map { Array($0.values) } == ["T".databaseValue, 9.databaseValue])
        #expect(row.computedFor(MappingNumber(3), book) == nil, "another mapping")
        #expect(
            row.computedFor(MappingNumber(2), ObjectReference(side: .source, entity: "Book", primaryKey: 8)) == nil,
            "another object")
    }
}
