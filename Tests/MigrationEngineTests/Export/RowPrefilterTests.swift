import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The part of a `rows` query given to SQLite: only terms it answers exactly, and the same objects as the
/// evaluator alone finds, whatever the columns hold (NULL, a REAL in an integer column, 2 in a Boolean one).
@Suite("rows query prefilter")
struct RowPrefilterTests {
    private func condition(_ query: String, store: String) throws -> String? {
        try StoreObjectSource.read(store, bundle: try JournalFixture.bundle()) { source, _ in
            let layout = try source.reader(entity: "Entry", includingSubentities: true).layout
            return RowPrefilter.condition(for: try ExpressionParser.parse(query, bareKeysOf: "object"), layout: layout)?.sql
        }
    }

    @Test("Top-level AND terms on number, date and Boolean attributes go to SQL with bound constants; others stay in Swift")
    func terms() throws {
        let store = try JournalFixture.journal4(entries: 3)
        let both = try #require(try condition(#"mood > 3 AND title CONTAINS "x" AND 2 >= mood"#, store: store))
        #expect(both.contains(#"typeof("ZMOOD") IN ('integer') THEN "ZMOOD" > ?"#))
        #expect(both.contains(#""ZMOOD" <= ?"#), "a constant on the left is flipped")
        #expect(!both.contains("ZTITLE"))
        #expect(
            try condition(#"created < DATE("2024-01-01") AND favorite == YES"#, store: store)?.contains(#""ZFAVORITE" <> 0"#)
                == true)
        #expect(try condition("title == nil", store: store) == #""ZTITLE" IS NULL"#)
        for unanswered in [
            #"title == "x""#, "mood > 3 OR mood < 1", "NOT mood > 3", "mood IN[c] {1}", "mood + 1 > 3", "favorite IN {1}",
            "favorite == 2", "mood > 9007199254740993", #"mood == "3""#, "author.name == nil",
        ] {
            #expect(try condition(unanswered, store: store) == nil, "\(unanswered)")
        }
    }

    @Test(
        "The same objects as the evaluator alone finds",
        arguments: [
            "mood > 2", "mood != 2", "mood == 2", "mood <= 2.5", "2 < mood", "mood IN {1, 2}", "mood BETWEEN {1, 3}",
            "mood == nil", "mood != nil", "favorite == YES", "favorite != true", "favorite == 0", "favorite != 1",
            #"created < DATE("2023-03-08T20:26:50Z")"#, #"created != nil AND mood >= 1 AND title BEGINSWITH "Entry 1""#,
        ])
    func sameObjects(query: String) throws {
        let store = try JournalFixture.journal4(entries: 30)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZMOOD" = "Z_PK" % 5"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZMOOD" = NULL WHERE "Z_PK" IN (1, 2)"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZMOOD" = 2.5 WHERE "Z_PK" = 4"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZFAVORITE" = 2 WHERE "Z_PK" = 6"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZFAVORITE" = NULL WHERE "Z_PK" = 8"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "ZCREATED" = NULL WHERE "Z_PK" = 9"#)
        }
        try queue.close()
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let keys = { (query: String) in
            try project.rows(store: store, entity: "Entry", where: query, limit: 100).objects.map(\.primaryKey)
        }
        #expect(try condition(query, store: store) != nil, "the query goes to SQL")
        let unanswered = "(\(query)) == true"
        #expect(try condition(unanswered, store: store) == nil, "its twin stays in Swift")
        #expect(try keys(query) == keys(unanswered))
    }
}
