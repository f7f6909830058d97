import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// An ordered to-many whose members are objects of an entity and of its sub-entity, each made by a mapping of
/// its own (``ShelfFixture`` with stickies: `Book.notes` holds `Note`s and `Sticky`s, a sub-entity of `Note`). Xcode and
/// the mapping file then link it through `destinationInstancesForSourceRelationshipNamed:sourceInstances:`,
/// which reaches both mappings; the generated run found the order lost when a policy linked it object by
/// object (issue 30: seeds 3, 7 and 9).
@Suite("Mapped step: an ordered to-many over an entity and its sub-entity keeps its order")
struct MappedStepOrderedSubEntityTests {
    static func model(_ version: Int) -> ObjectModel {
        ShelfFixture.model(version, stickies: true)
    }

    /// Each book's members in order, notes and stickies interleaved: keys 1…3 are notes, 4…6 stickies.
    static let order: [Int64: [Int64]] = [1: [4, 1, 5, 2], 2: [3, 6]]

    /// A Shelf 1 store (with stickies) holding ``order``, its positions unlike the members' key order.
    static func source() throws -> String {
        let model = model(1)
        let path = try TemporaryDirectory.make().appendingPathComponent("Shelf.sqlite").path
        try StoreWriter(model: model).create(at: path)
        let column = try ShelfFixture.orderColumn(model)
        try DatabaseQueue(path: path).write { db in
            let number = { (name: String) in
                try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name])!
            }
            let (book, note, sticky) = (try number("Book"), try number("Note"), try number("Sticky"))
            for key in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, ?, 1, ?)",
                    arguments: [key, book, "Book \(key)"])
            }
            for (owner, members) in order {
                for (position, key) in members.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, ZCOLOR, ZBOOK, \(column)) VALUES (?, ?, 1, ?, ?, ?)",
                        arguments: [key, key > 3 ? sticky : note, key > 3 ? "yellow" : nil, owner, 5 * (position + 1)])
                }
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 2 WHERE Z_NAME = 'Book'")
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 6 WHERE Z_NAME = 'Note'")
        }
        try StoreValidator(model: model).validate(path)
        return path
    }

    /// The step as a mapping file: one mapping per entity, `Book.notes` left to be resolved through the
    /// mappings of its destination's family (both `NoteToNote` and `StickyToSticky`) unless `notes` gives
    /// its value; with `policy`, the books' mapping runs it.
    static func mapping(policy: String?, notes: String? = nil) throws -> MappingModel {
        try MappingFileReader.read(
            """
            from: Shelf 1
            to: Shelf 2
            mappings:
              - name: NoteToNote
                source: Note
                destination: Note
              - name: StickyToSticky
                source: Sticky
                destination: Sticky
              - name: BookToBook
                source: Book
                destination: Book
            \(policy.map { "    policy: \($0)" } ?? "")
            \(notes.map { "    relationships:\n      notes: \($0)" } ?? "")
            """, path: "shelf.yaml")
    }

    /// The store the step writes from `source`, in SQL (`policy` false) or with the books linked object by
    /// object.
    static func run(policy: Bool, source: String) throws -> String {
        var policies = MigrationPolicyRegistry()
        policies.register(EveryStagePolicy(), named: "EveryStage")
        let step = try MappedStep(
            mapping: try mapping(policy: policy ? "EveryStage" : nil), sourceModel: model(1), destinationModel: model(2),
            policies: policies)
        return try SampleJournalStore.run(step, source: source)
    }

    @Test("linked object by object by a policy, and in SQL, the members keep the source's order", arguments: [true, false])
    func orderKept(policy: Bool) throws {
        let out = try Self.run(policy: policy, source: try Self.source())
        try StoreValidator(model: Self.model(2)).validate(out)
        #expect(try ShelfFixture.contents(out, model: Self.model(2)).order == Self.order)
    }

    /// The same relationship looked up through `NoteToNote` by name finds only the notes, as Core Data's
    /// `destinationInstancesForEntityMappingNamed:` does: the stickies would be left out, and the plan says so;
    /// left to be resolved (``mapping(policy:)``), it reaches both mappings and nothing is said.
    @Test("a lookup through one mapping by name leaves a sub-entity's members out, and the plan says so")
    func lookupByNameLeavesStickiesOut() throws {
        let step = try MappedStep(
            mapping: try Self.mapping(policy: nil, notes: "{ mapping: NoteToNote, from: $source.notes }"),
            sourceModel: Self.model(1),
            destinationModel: Self.model(2))
        let warnings = step.summary.warnings.filter { $0.contains("looks up") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("mapping BookToBook: notes looks up $source.notes through NoteToNote alone") == true)
        #expect(warnings.first?.contains("Sticky objects") == true)
        // Ordered, the relationship without its stickies is not the source's order, which the step's own
        // check refuses before anything is kept (an unordered one would be linked without them).
        #expect(throws: MappingRuntimeError.self) { try SampleJournalStore.run(step, source: try Self.source()) }
        let resolved = try MappedStep(
            mapping: try Self.mapping(policy: nil), sourceModel: Self.model(1), destinationModel: Self.model(2))
        #expect(!resolved.summary.warnings.contains { $0.contains("looks up") })
    }

    /// What a step linking object by object checks before it succeeds (``MappingSession/checkKeptOrders()``):
    /// a result is compared with its source, since any order is valid for the destination's model alone.
    @Test("the check a step makes finds the owner whose members are out of the source's order")
    func reorderedFound() throws {
        let source = try Self.source()
        let out = try Self.run(policy: true, source: source)
        let column = try ShelfFixture.orderColumn(Self.model(2))
        try DatabaseQueue(path: out).writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [source])
            func members(_ schema: SQLIdentifier, _ model: ObjectModel) throws -> SQLFragment {
                let tables = try MappedStoreTables(db, schema: schema, model: model, layout: SchemaBuilder(model: model).build())
                let book = try #require(model.entity(named: "Book"))
                let notes = try #require(book.relationship(named: "notes"))
                return try #require(tables.orderedMembers(notes, of: book))
            }
            let (before, after) = (try members(.source, Self.model(1)), try members(.main, Self.model(2)))
            #expect(try OrderPositions.firstReordered(db, before: before, after: after) == nil)
            // Book 1's first two members (sticky 4, note 1) change places; book 2's stay.
            try db.execute(
                sql: """
                    UPDATE ZNOTE SET \(column) = (SELECT SUM(\(column)) FROM ZNOTE WHERE Z_PK IN (1, 4)) - \(column)
                    WHERE Z_PK IN (1, 4)
                    """)
            let book = "SELECT Z_PK FROM ZNOTE WHERE ZBOOK = ? ORDER BY \(column), Z_PK"
            #expect(try Int64.fetchAll(db, sql: book, arguments: [1]) == [1, 4, 5, 2])
            #expect(try Int64.fetchAll(db, sql: book, arguments: [2]) == [3, 6])
            #expect(try OrderPositions.firstReordered(db, before: before, after: after) == 1)
        }
    }
}
