import GRDB
import MigrationEngine

/// The statements ``SampleStoreGenerator`` fills a store with: temporary vocabulary tables (words,
/// authors, and a pool of bodies made from the words) and one `INSERT … SELECT` over a recursive CTE that
/// numbers the entries and picks each one's mood, author and body by hashing its number in SQL.
struct SampleRowsSQL {
    /// How many distinct bodies the pool holds; entries pick one each, so bodies repeat across a large store.
    static let bodyPoolSize = 4_096
    /// A prime below 2³¹, so a hash value squared still fits SQLite's 64-bit integers.
    static let prime: UInt64 = 2_147_483_647

    let seed: UInt64
    /// The words bodies are made of.
    let words: [String]
    /// The authors entries name (one in ten entries has none).
    let authors: [String]
    /// `ZBODY` (Journal 1, 2) or `ZTEXT` (Journal 3 renames it).
    let bodyColumn: String
    /// Whether the entry has the `favorite` attribute (Journal 2 on).
    let hasFavorite: Bool

    /// A pseudo-random integer in `0..<2³¹-1` from an integer SQL expression and a salt (one salt per
    /// choice, so the choices for one row are independent): two rounds of squaring modulo a prime.
    func hash(_ expression: String, salt: UInt64) -> String {
        let first = "((\(expression)) * 1000003 + \((seed % Self.prime + salt * 7919) % Self.prime)) % \(Self.prime)"
        let second = "((\(first)) * (\(first)) + \(salt * 104_729 + 12_345)) % \(Self.prime)"
        return "((\(second)) * (\(second))) % \(Self.prime)"
    }

    /// Creates and fills `temp.sample_word`, `temp.sample_author` and `temp.sample_body` (columns `head`,
    /// the first three words for the title, and `text`, 5 to 44 words).
    func createVocabulary(_ db: Database) throws {
        for (table, values) in [("sample_word", words), ("sample_author", authors)] {
            let name = SQLIdentifier(table).quoted
            try db.execute(sql: #"CREATE TEMP TABLE \#(name) ("i" INTEGER PRIMARY KEY, "value" TEXT NOT NULL)"#)
            let rows = Array(repeating: "(?, ?)", count: values.count).joined(separator: ", ")
            let arguments = values.enumerated().flatMap { [$0.offset, $0.element] as [any DatabaseValueConvertible] }
            try db.execute(
                sql: #"INSERT INTO \#(name) ("i", "value") VALUES \#(rows)"#, arguments: StatementArguments(arguments))
        }
        let word = { (position: String) in
            #"(SELECT "value" FROM "sample_word" WHERE "i" = \#(hash("p * 64 + \(position)", salt: 1)) % \#(words.count))"#
        }
        try db.execute(
            sql: #"""
                CREATE TEMP TABLE "sample_body" ("i" INTEGER PRIMARY KEY, "head" TEXT NOT NULL, "text" TEXT NOT NULL);
                WITH RECURSIVE
                    "pool"("p") AS (SELECT 0 UNION ALL SELECT "p" + 1 FROM "pool" WHERE "p" < \#(Self.bodyPoolSize - 1)),
                    "body"("p", "j", "n", "head", "text") AS (
                        SELECT "p", 1, 5 + \#(hash("p", salt: 2)) % 40, \#(word("0")), \#(word("0")) FROM "pool"
                        UNION ALL
                        SELECT "p", "j" + 1, "n",
                            CASE WHEN "j" < 3 THEN "head" || ' ' || \#(word("\"j\"")) ELSE "head" END,
                            "text" || ' ' || \#(word("\"j\"")) FROM "body" WHERE "j" < "n")
                INSERT INTO "sample_body" ("i", "head", "text") SELECT "p", "head", "text" FROM "body" WHERE "j" = "n";
                """#)
    }

    /// Inserts entries `1...?1` of entity number `?2`, with keys equal to their numbers.
    var insertEntries: String {
        let favorite = hasFavorite ? #", "ZFAVORITE""# : ""
        return #"""
            WITH RECURSIVE "n"("k") AS (SELECT 1 WHERE ?1 > 0 UNION ALL SELECT "k" + 1 FROM "n" WHERE "k" < ?1)
            INSERT INTO "ZENTRY" ("Z_PK", "Z_ENT", "Z_OPT", "ZMOOD", "ZCREATED", "ZAUTHOR", \#(SQLIdentifier(bodyColumn).quoted), "ZTITLE"\#(favorite))
            SELECT "k", ?2, 1, \#(hash("k", salt: 3)) % 5, 600000000.0 + "k" * 3600.0,
                CASE WHEN \#(hash("k", salt: 4)) % 10 = 0 THEN NULL
                    ELSE (SELECT "value" FROM "sample_author" WHERE "i" = \#(hash("k", salt: 5)) % \#(authors.count)) END,
                "b"."text", 'Entry ' || "k" || ': ' || "b"."head"\#(hasFavorite ? ", 0" : "")
            FROM "n" JOIN "sample_body" AS "b" ON "b"."i" = \#(hash("k", salt: 6)) % \#(Self.bodyPoolSize)
            """#
    }

    /// Drops the temporary vocabulary tables.
    func dropVocabulary(_ db: Database) throws {
        try db.execute(
            sql: #"DROP TABLE "temp"."sample_word"; DROP TABLE "temp"."sample_author"; DROP TABLE "temp"."sample_body""#)
    }
}
