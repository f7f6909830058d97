import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// ``RelationshipBulkLinker`` on its own: stage 1 of ``LibraryFixture``'s step runs, then one relationship is
/// linked by the linker alone and the destination's memberships of it are compared with the source's (every
/// object keeps its key). One test per way the linker writes, and per way it declines or has nothing to write.
@Suite("Mapped step: the bulk linker on its own")
struct RelationshipBulkLinkerTests {
    /// A relationship of a mapping, and the facts (``LogicalContents``) linking it writes.
    struct Case: CustomTestStringConvertible, Sendable {
        var mapping: String
        var relationship: String
        var facts: [String]
        var testDescription: String { "\(mapping).\(relationship)" }
    }

    static let cases = [
        // A to-one whose inverse is a to-many: the object's own key.
        Case(mapping: "BookToBook", relationship: "author", facts: ["Book.author"]),
        // An ordered to-many whose inverse is a to-one: the members' keys and positions, in the source's order.
        Case(mapping: "AuthorToAuthor", relationship: "books", facts: ["Book.author", "Book.author#order"]),
        // A one-to-one: the keys on both sides.
        Case(mapping: "AuthorToAuthor", relationship: "desk", facts: ["Author.desk", "Desk.owner"]),
        // A to-many without an inverse: the owner's key in the members' table.
        Case(mapping: "AuthorToAuthor", relationship: "notes", facts: ["Author.notes"]),
        // A many-to-many: the join table, seen from both sides.
        Case(mapping: "BookToBook", relationship: "tags", facts: ["Book.tags", "Tag.books"]),
    ]

    /// Runs stage 1 of `step` on `source`, then `body` with the session and the destination's path.
    static func afterStageOne(
        _ step: MappedStep, source: String, _ body: (MappingSession, String) throws -> Void
    ) throws {
        let context = try LibraryFixture.context(source: source)
        try step.withSession(context) { session in
            try session.createDestinationInstances(in: session.mappings, context: context, batchSize: 3)
            try session.createIndexes()
            try body(session, context.destinationPath)
        }
    }

    /// Links `relationship` of the mapping named `mapping` with the linker alone, in the transaction stage 2
    /// gives it; whether it linked.
    static func link(_ session: MappingSession, _ mapping: String, _ relationship: String) throws -> Bool {
        let resolved = try #require(session.mappingsByName[mapping])
        let (declared, value) = try #require(resolved.relationships.first { $0.0.name == relationship })
        var linked = false
        try session.db.inSourceReadingTransaction {
            linked = try RelationshipBulkLinker(session: session).link(resolved, declared, value)
            return .commit
        }
        return linked
    }

    @Test("each kind of relationship is linked in SQL as the source holds it", arguments: cases)
    func linksEachKind(_ link: Case) throws {
        let source = try LibraryFixture.source()
        let expected = try LibraryFixture.facts(source, model: LibraryFixture.model(1), link.facts)
        #expect(Set(expected.keys) == Set(link.facts), "the seeded store holds every membership compared")
        let step = try LibraryFixture.step(try LibraryFixture.mapping())
        try Self.afterStageOne(step, source: source) { session, destination in
            let model = LibraryFixture.model(2)
            let result1 = try LibraryFixture.facts(destination, model: model, link.facts)
            #expect(result1.isEmpty, "stage 1 linked nothing")
            #expect(try Self.link(session, link.mapping, link.relationship))
            #expect(try LibraryFixture.facts(destination, model: model, link.facts) == expected)
            let index = try #require(session.mappingsByName[link.mapping]).index
            #expect(session.bulkLinks.contains { $0.mapping == index && $0.relationship == link.relationship })
            #expect((step.statistics?.relationshipRowsWritten ?? 0) > 0)
        }
    }

    @Test("a relationship whose inverse was linked from the same pairs is not written again")
    func inverseAlreadyLinked() throws {
        let source = try LibraryFixture.source()
        let step = try LibraryFixture.step(try LibraryFixture.mapping())
        try Self.afterStageOne(step, source: source) { session, destination in
            #expect(try Self.link(session, "AuthorToAuthor", "desk"))
            #expect(try Self.link(session, "AuthorToAuthor", "books"))
            let written = try #require(step.statistics?.relationshipRowsWritten)
            #expect(try Self.link(session, "DeskToDesk", "owner"))
            #expect(try Self.link(session, "BookToBook", "author"))
            #expect(step.statistics?.relationshipRowsWritten == written, "both were written from the other side")
            let facts = ["Author.desk", "Desk.owner", "Book.author"]
            #expect(
                try LibraryFixture.facts(destination, model: LibraryFixture.model(2), facts)
                    == LibraryFixture.facts(source, model: LibraryFixture.model(1), facts))
        }
    }

    @Test("with bulk links off, or objects another mapping's policy made, it declines and writes nothing")
    func declines() throws {
        let source = try LibraryFixture.source()
        var off = try LibraryFixture.step(try LibraryFixture.mapping())
        off.strategies.set(.bulkLinks, to: false)
        try Self.afterStageOne(off, source: source) { session, destination in
            let declined1 = try !Self.link(session, "BookToBook", "author")
            #expect(declined1)
            let result2 = try LibraryFixture.facts(destination, model: LibraryFixture.model(2), ["Book.author"])
            #expect(result2.isEmpty)
        }
        let step = try LibraryFixture.step(try LibraryFixture.mapping())
        try Self.afterStageOne(step, source: source) { session, destination in
            // As `createDefaultDestinationInstance` marks a mapping whose objects a policy of another made.
            session.madeByOtherMappings.insert(try #require(session.mappingsByName["AuthorToAuthor"]).index)
            let declined2 = try !Self.link(session, "BookToBook", "author")
            #expect(declined2, "a target mapping's objects may not be one per source")
            let declined3 = try !Self.link(session, "AuthorToAuthor", "desk")
            #expect(declined3, "nor the mapping's own")
            let result3 = try LibraryFixture.facts(destination, model: LibraryFixture.model(2), ["Book.author", "Author.desk"])
            #expect(result3.isEmpty)
        }
    }

    /// Links `relationship` of `mapping` from the lookup text `expression` instead of the mapping's own.
    static func link(_ session: MappingSession, _ mapping: String, _ relationship: String, expression: String) throws
        -> Bool
    {
        let resolved = try #require(session.mappingsByName[mapping])
        let declared = try #require(resolved.relationships.first { $0.0.name == relationship }).0
        var linked = false
        try session.db.inSourceReadingTransaction {
            linked = try RelationshipBulkLinker(session: session).link(
                resolved, declared, try MappingExpression(parsing: expression))
            return .commit
        }
        return linked
    }

    @Test("a to-one whose lookup finds several objects for one, or reads no source relationship, is declined")
    func leftToPerObjectPath() throws {
        let source = try LibraryFixture.source()
        let lookup = #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "AuthorToAuthor", "#
        let step = try LibraryFixture.step(try LibraryFixture.mapping())
        try Self.afterStageOne(step, source: source) { session, destination in
            // Through a to-many (each book's tags, and the authors keyed as they are): several for some books.
            let tags = try LibraryFixture.facts(source, model: LibraryFixture.model(1), ["Book.tags"])["Book.tags"] ?? [:]
            #expect(tags.values.contains { $0.contains(" ") }, "the seeded store gives a book several tags")
            let declined4 = try !Self.link(session, "BookToBook", "author", expression: lookup + "$source.tags)")
            #expect(declined4)
            // Through a path of two relationships: no join the linker knows.
            let declined5 = try !Self.link(session, "BookToBook", "author", expression: lookup + "$source.author.desk)")
            #expect(declined5)
            // Not a lookup at all.
            let declined6 = try !Self.link(session, "BookToBook", "author", expression: "$source.author")
            #expect(declined6)
            let result4 = try LibraryFixture.facts(destination, model: LibraryFixture.model(2), ["Book.author"])
            #expect(result4.isEmpty)
        }
    }
}
