import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// ``SetBasedEntityMapper`` on its own: one mapping of ``LibraryFixture``'s step mapped by it alone, its objects,
/// keys and associations read back. One test per way it makes objects (a copy keeping keys, with and without a
/// filter; new keys; a merge, its key computed again or recorded) and per way it declines (a policy; a row
/// whose stored value SQL would read otherwise than the evaluator, which rolls everything back).
@Suite("Mapped step: set-based stage 1 on its own")
struct SetBasedEntityMapperTests {
    /// Maps the mapping named `name` of `step` alone on `source`; whether the mapper took it, and `body` run
    /// after with the session.
    static func map(
        _ name: String, _ step: MappedStep, source: String,
        _ body: (Bool, MappingSession, [SQLIdentifier: Int64]) throws -> Void
    ) throws {
        let context = try LibraryFixture.context(source: source)
        try step.withSession(context) { session in
            let mapping = try #require(session.mappingsByName[name])
            let keys = session.nextKeys
            let taken = try SetBasedEntityMapper(session: session).map(mapping, context: context, batchSize: 3)
            try body(taken, session, keys)
        }
    }

    /// `SELECT` rows of the destination (`main`) or the source (`src`) as text.
    static func rows(_ session: MappingSession, _ sql: String) throws -> [[String]] {
        try Row.fetchAll(session.db, sql: sql).map { row in row.databaseValues.map(\.description) }
    }

    /// Each object `mapping` made from each source key, as the association table gives them.
    static func associations(_ session: MappingSession, _ mapping: String) throws -> [[Int64]] {
        let index = try #require(session.mappingsByName[mapping]).index
        try session.association.materialize()
        return try session.association.batch(mapping: index, after: 0, limit: 1_000).map { [$0.1, $0.2] }
    }

    @Test("a copy keeping its keys: every row under its key, the associations the identity, deferred")
    func identityCopy() throws {
        let source = try LibraryFixture.source()
        let step = try LibraryFixture.step(try LibraryFixture.mapping())
        try Self.map("AuthorToAuthor", step, source: source) { taken, session, _ in
            #expect(taken)
            #expect(step.statistics?.setBasedMappings == ["AuthorToAuthor"])
            let copied = try Self.rows(session, "SELECT Z_PK, ZNAME, ZBORN FROM main.ZAUTHOR ORDER BY Z_PK")
            #expect(copied == (try Self.rows(session, "SELECT Z_PK, ZNAME, ZBORN FROM src.ZAUTHOR ORDER BY Z_PK")))
            #expect(copied.count == 8)
            #expect(step.statistics?.identityAssociationRowsWritten == 0, "nothing read the associations yet")
            #expect(try Self.associations(session, "AuthorToAuthor") == (1...8).map { [Int64($0), Int64($0)] })
        }
    }

    @Test("a filter keeps its rows under their keys, and only theirs are associated")
    func filteredCopy() throws {
        let source = try LibraryFixture.source()
        try DatabaseQueue(path: source).write { db in try db.execute(sql: "UPDATE ZBOOK SET ZPAGES = Z_PK * 10 - 35") }
        let filtered = try LibraryFixture.step(try LibraryFixture.mapping(book: "    filter: $source.pages > 0"))
        try Self.map("BookToBook", filtered, source: source) { taken, session, _ in
            #expect(taken)
            let kept = try Self.rows(session, "SELECT Z_PK, ZTITLE FROM src.ZBOOK WHERE ZPAGES > 0 ORDER BY Z_PK")
            #expect(kept.map { $0[0] } == ["4", "5", "6", "7", "8"])
            #expect(try Self.rows(session, "SELECT Z_PK, ZTITLE FROM main.ZBOOK ORDER BY Z_PK") == kept)
            #expect(try Self.associations(session, "BookToBook").map { $0[0] } == kept.map { Int64($0[0])! })
        }
    }

    @Test("two mappings into one table: new keys, handed out in source order")
    func newKeys() throws {
        let source = try LibraryFixture.source()
        let mapping = try MappingFileReader.read(
            """
            from: Library 1
            to: Library 2
            mappings:
              - name: NoteToNote
                source: Note
                destination: Note
              - name: BookToNote
                source: Book
                destination: Note
                attributes: { text: $source.title }
            """, path: "notes.yaml")
        let step = try LibraryFixture.step(mapping)
        try Self.map("BookToNote", step, source: source) { taken, session, keys in
            #expect(taken)
            let base = keys[SQLIdentifier("ZNOTE")] ?? 0
            let made = try Self.associations(session, "BookToNote")
            #expect(made.map { $0[0] } == Array(1...8))
            #expect(made.map { $0[1] } == (1...8).map { base + Int64($0) })
            #expect(session.nextKeys[SQLIdentifier("ZNOTE")] == base + 8)
            #expect(
                try Self.rows(session, "SELECT ZTEXT FROM main.ZNOTE ORDER BY Z_PK")
                    == (try Self.rows(session, "SELECT ZTITLE FROM src.ZBOOK ORDER BY Z_PK")))
        }
    }

    /// Books titled `x`, `y` or nothing, by key: a merge by title makes one object per title and one per book
    /// without a title, each from its first source row.
    static func mergeSource() throws -> String {
        let source = try LibraryFixture.source()
        try DatabaseQueue(path: source).write { db in
            try db.execute(sql: "UPDATE ZBOOK SET ZTITLE = CASE Z_PK % 3 WHEN 0 THEN 'x' WHEN 1 THEN 'y' ELSE NULL END")
        }
        return source
    }

    @Test(
        "a merge: one object per key from its first source row, repeatable keys computed again, others recorded",
        arguments: [false, true])
    func merge(recorded: Bool) throws {
        let key = recorded ? "uuid()" : "$source.title"
        let mapping = try MappingFileReader.read(
            """
            from: Library 1
            to: Library 2
            mappings:
              - name: BookToTag
                source: Book
                destination: Tag
                merge: \(key)
                attributes: { name: $source.title }
            """, path: "tags.yaml")
        let step = try LibraryFixture.step(mapping)
        try Self.map("BookToTag", step, source: try Self.mergeSource()) { taken, session, _ in
            #expect(taken)
            #expect((step.statistics?.keptRowsRecorded ?? 0 > 0) == recorded)
            let made = try Self.associations(session, "BookToTag")
            #expect(made.map { $0[0] } == Array(1...8))
            let names = try Self.rows(session, "SELECT Z_PK, ZNAME FROM main.ZTAG ORDER BY Z_PK")
            if recorded {
                // Every key differs: an object per book.
                #expect(names.count == 8)
            } else {
                // Books 1 (y), 2 (none), 3 (x), 4 (y), 5 (none), 6 (x), 7 (y), 8 (none).
                #expect(names.map { $0[1] } == ["\"y\"", "NULL", "\"x\"", "NULL", "NULL"])
                #expect(made.map { $0[1] } == [1, 2, 3, 1, 4, 3, 1, 5])
            }
        }
    }

    @Test("a mapping with a policy is declined: it runs row by row")
    func policyDeclined() throws {
        var policies = MigrationPolicyRegistry()
        policies.register(PlainPolicy(), named: "Plain")
        let step = try LibraryFixture.step(try LibraryFixture.mapping(book: "    policy: Plain"), policies: policies)
        try Self.map("BookToBook", step, source: try LibraryFixture.source()) { taken, session, _ in
            #expect(!taken)
            let result1 = try Self.rows(session, "SELECT Z_PK FROM main.ZBOOK")
            #expect(result1.isEmpty)
        }
    }

    @Test("a row SQL would read otherwise than the evaluator rolls the mapping back, keys and all")
    func unexpectedStorageRollsBack() throws {
        let source = try LibraryFixture.source()
        // Text where the model says Integer 64: SQL's `+` would read it as 0, the evaluator refuses it.
        try DatabaseQueue(path: source).write { db in try db.execute(sql: "UPDATE ZBOOK SET ZPAGES = 'many' WHERE Z_PK = 5") }
        let mapping = try MappingFileReader.read(
            """
            from: Library 1
            to: Library 2
            mappings:
              - name: NoteToNote
                source: Note
                destination: Note
              - name: BookToNote
                source: Book
                destination: Note
                attributes: { text: string($source.pages * 2) }
            """, path: "notes.yaml")
        let step = try LibraryFixture.step(mapping)
        try Self.map("BookToNote", step, source: source) { taken, session, keys in
            #expect(!taken)
            let result2 = try Self.rows(session, "SELECT Z_PK FROM main.ZNOTE")
            #expect(result2.isEmpty, "the rows of batches before it too")
            let result3 = try Self.associations(session, "BookToNote")
            #expect(result3.isEmpty)
            #expect(session.nextKeys == keys, "the keys handed out are taken back")
        }
    }
}
