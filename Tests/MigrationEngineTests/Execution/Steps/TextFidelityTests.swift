import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// TEXT holding NUL bytes (Core Data stores an NSString with U+0000 that way, counted), non-ASCII and bytes
/// that are not UTF-8, through every path that moves it: each value must arrive byte for byte and stay TEXT,
/// or, where only a Swift `String` could carry it, stop the step rather than be rewritten.
@Suite("Text fidelity")
struct TextFidelityTests {
    /// Valid UTF-8 text as bytes: NULs inside, first and last, non-ASCII, ASCII.
    static let valid: [[UInt8]] = [
        Array("a\u{0}b".utf8), Array("\u{0}lead".utf8), Array("tail\u{0}".utf8), Array("Zoë ✓ 漢字\u{0}ok".utf8),
        Array("plain words here".utf8),
    ]
    /// Bytes stored as TEXT that are not UTF-8: a stray 0xFF, a cut sequence, an encoded surrogate (CESU).
    static let invalid: [[UInt8]] = [[0x61, 0xFF, 0x62], [0x61, 0xC3], [0xED, 0xA0, 0xBD, 0x00, 0x7A]]
    /// Authors whose trimmed names differ only after a NUL (GRDB's reading would merge them into `Ada`).
    static let authors: [[UInt8]] = [Array(" Ada\u{0}X ".utf8), Array("Ada\u{0}Y".utf8), Array("\u{3000}Zoë\u{0}\n".utf8)]
    /// The names ``authors`` trim to.
    static let trimmedAuthors = Set(["Ada\u{0}X", "Ada\u{0}Y", "Zoë\u{0}"].map { hex($0) })

    static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
    static func hex(_ bytes: [UInt8]) -> String { "text:" + bytes.map { String(format: "%02X", $0) }.joined() }

    /// A Journal `version` (2: `body`, 3: `text`) store whose entries hold `texts` in their text and title
    /// (title reversed) and `authors` in turn, every text bound by its bytes and cast to TEXT.
    static func store(version: Int, texts: [[UInt8]], authors: [[UInt8]] = authors) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: SampleJournalStore.version(version)).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (index, text) in texts.enumerated() {
                let title = texts[texts.count - 1 - index]
                try db.execute(
                    sql: """
                        INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZCREATED, ZAUTHOR, \
                        \(version == 2 ? "ZBODY" : "ZTEXT"), ZTITLE)
                        VALUES (?, 1, 1, 0, 2, 700000000, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT))
                        """,
                    arguments: [index + 1, Data(authors[index % authors.count]), Data(text), Data(title)])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'Entry'", arguments: [texts.count])
        }
        try queue.close()
        return path
    }

    /// `typeof(column):hex(column)` of each entry, by `Z_PK`.
    static func column(_ name: String, of path: String) throws -> [Int64: String] {
        try DatabaseQueue(path: path).read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT Z_PK, typeof(\(name)) || ':' || hex(\(name)) FROM ZENTRY")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) })
        }
    }

    /// What each entry's text and title must be: `texts` as TEXT, by key.
    static func expected(_ texts: [[UInt8]]) -> (text: [Int64: String], title: [Int64: String]) {
        let keys = texts.indices.map { Int64($0 + 1) }
        return (
            Dictionary(uniqueKeysWithValues: zip(keys, texts.map(hex))),
            Dictionary(uniqueKeysWithValues: zip(keys, texts.reversed().map(hex)))
        )
    }

    /// Each author's name, and the name of each entry's author, by the entry's key.
    static func authorNames(_ path: String) throws -> (names: Set<String>, byEntry: [Int64: String]) {
        try DatabaseQueue(path: path).read { db in
            let names = try String.fetchAll(db, sql: "SELECT 'text:' || hex(ZNAME) FROM ZAUTHOR")
            let rows = try Row.fetchAll(
                db, sql: "SELECT e.Z_PK, 'text:' || hex(a.ZNAME) FROM ZENTRY e JOIN ZAUTHOR a ON a.Z_PK = e.ZAUTHOR")
            return (Set(names), Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) }))
        }
    }

    static func mapped(_ file: String, from: Int, source: String, compiled: Bool, statistics: MappedStepStatistics? = nil)
        throws -> String
    {
        var step = try MappedStep(
            mapping: try SampleJournalStore.mapping(file), sourceModel: SampleJournalStore.version(from),
            destinationModel: SampleJournalStore.version(from + 1), policies: SampleApp.policies, batchSize: 2)
        step.strategies.set(.compiledExpressions, to: compiled)
        step.statistics = statistics
        return try SampleJournalStore.run(step, source: source)
    }

    @Test("(a) an inferred step copies every text, valid UTF-8 or not, byte for byte")
    func inferred() throws {
        let texts = Self.valid + Self.invalid
        let source = try Self.store(version: 2, texts: texts, authors: Self.authors + Self.invalid)
        let out = try StepRunner.run(
            InferredStep(sourceModel: SampleJournalStore.version(2), destinationModel: SampleJournalStore.version(3)),
            sourcePath: source)
        #expect(try Self.column("ZTEXT", of: out) == Self.column("ZBODY", of: source))
        #expect(try Self.column("ZTEXT", of: out) == Self.expected(texts).text)
        #expect(try Self.column("ZTITLE", of: out) == Self.expected(texts).title)
        #expect(try Self.column("ZAUTHOR", of: out) == Self.column("ZAUTHOR", of: source))
    }

    @Test(
        "(b, c) a mapped step row by row and through the expression bridge keeps texts and merge keys whole",
        arguments: [false, true])
    func mapped(compiled: Bool) throws {
        let source = try Self.store(version: 3, texts: Self.valid)
        let statistics = MappedStepStatistics()
        let out = try Self.mapped("journal-3-to-4.yaml", from: 3, source: source, compiled: compiled, statistics: statistics)
        if compiled {
            // `trim` of these names runs in Swift, called from the set-based SQL through the bridge.
            #expect(statistics.setBasedMappings == ["EntryToEntry", "EntryToAuthor"])
        }
        #expect(try Self.column("ZTEXT", of: out) == Self.expected(Self.valid).text)
        #expect(try Self.column("ZTITLE", of: out) == Self.expected(Self.valid).title)
        let authors = try Self.authorNames(out)
        #expect(authors.names == Self.trimmedAuthors)
        let trimmed: [String] = ["Ada\u{0}X", "Ada\u{0}Y", "Zoë\u{0}"].map(Self.hex)
        var linked: [Int64: String] = [:]
        for key in 1...5 { linked[Int64(key)] = trimmed[(key - 1) % 3] }
        #expect(authors.byEntry == linked)
    }

    @Test("(d) a Swift policy reads and writes whole texts: word counts see past a NUL", arguments: [false, true])
    func policy(compiled: Bool) throws {
        let source = try Self.store(version: 3, texts: Self.valid)
        let four = try Self.mapped("journal-3-to-4.yaml", from: 3, source: source, compiled: compiled)
        let five = try Self.mapped("journal-4-to-5.yaml", from: 4, source: four, compiled: compiled)
        #expect(try Self.column("ZTEXT", of: five) == Self.expected(Self.valid).text)
        #expect(try Self.column("ZTITLE", of: five) == Self.expected(Self.valid).title)
        #expect(try Self.authorNames(five).names == Self.trimmedAuthors)
        let counts = try DatabaseQueue(path: five).read {
            try Int.fetchAll($0, sql: "SELECT ZWORDCOUNT FROM ZENTRY ORDER BY Z_PK")
        }
        #expect(counts == [2, 1, 1, 3, 3])
    }

    @Test("Text that is not UTF-8 is copied whole by SQL, and stops a step that would carry it through Swift")
    func invalidText() throws {
        let texts = Self.valid + Self.invalid
        let source = try Self.store(version: 3, texts: texts)
        let statistics = MappedStepStatistics()
        let compiled = try Self.mapped("journal-3-to-4.yaml", from: 3, source: source, compiled: true, statistics: statistics)
        #expect(statistics.setBasedMappings == ["EntryToEntry", "EntryToAuthor"])
        #expect(try Self.column("ZTEXT", of: compiled) == Self.expected(texts).text)
        #expect(try Self.column("ZTITLE", of: compiled) == Self.expected(texts).title)
        for (file, from, store) in [("journal-3-to-4.yaml", 3, source), ("journal-4-to-5.yaml", 4, compiled)] {
            let error = try #require(throws: MappingRuntimeError.self) {
                try Self.mapped(file, from: from, source: store, compiled: from == 4)
            }
            #expect(error.primaryKey == 1)
            #expect(error.message.contains("ZTITLE holds TEXT that is not valid UTF-8 (x'EDA0BD007A')"))
        }
        // An author's name that is not UTF-8 reaches the bridge, which hands the row to the evaluator.
        let badAuthor = try Self.store(version: 3, texts: Self.valid, authors: [[0x20, 0x61, 0xFF]])
        let error = try #require(throws: MappingRuntimeError.self) {
            try Self.mapped("journal-3-to-4.yaml", from: 3, source: badAuthor, compiled: true)
        }
        #expect(error.mapping == "EntryToAuthor" && error.message.contains("ZAUTHOR holds TEXT that is not valid UTF-8"))
    }

    @Test("(e) export escapes a NUL in JSON, keeps it in CSV; rows and the browser keep texts whole")
    func exportAndRows() throws {
        let source = try Self.store(version: 3, texts: Self.valid + [Self.invalid[0]])
        let project = try MigrationProject(bundle: SampleJournalStore.bundle)
        let folder = try TemporaryDirectory.make()
        let json = folder.appendingPathComponent("entries.json").path
        _ = try project.export(store: source, entity: "Entry", format: .json, to: .file(json))
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(text.contains(#""text":"a\u0000b""#) && text.contains(#""text":"\u0000lead""#))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let exported = objects.map { $0["text"] as? String }
        // Bytes that are not UTF-8 are shown as U+FFFD: JSON text is UTF-8.
        #expect(exported == Self.valid.map { String(decoding: $0, as: UTF8.self) } + ["a\u{FFFD}b"])
        let csv = folder.appendingPathComponent("entries.csv").path
        _ = try project.export(store: source, entity: "Entry", format: .csv, to: .file(csv))
        #expect(try Data(contentsOf: URL(fileURLWithPath: csv)).range(of: Data("a\u{0}b".utf8)) != nil)

        let page = try project.rows(store: source, entity: "Entry", limit: 3)
        let field = try #require(page.fields.firstIndex(of: "text"))
        #expect(page.objects.map { $0.values[field] } == Self.valid.prefix(3).map { .text(String(decoding: $0, as: UTF8.self)) })
        let filtered = try project.rows(store: source, entity: "Entry", where: "$object.text == \"tail\"")
        #expect(filtered.objects.isEmpty, "a text cut at its NUL would match")

        let contents = try StoreReader.read(path: source, checkIntegrity: false)
        let browser = try EntityRowPager(path: source, counts: contents.rowCounts).page(entity: "Entry", offset: 0, limit: 1)
        let column = try #require(browser.columns.firstIndex(of: "ZTEXT"))
        #expect(browser.rows.first?[column] == .text("a\u{0}b"))
    }

    @Test("Salvage copies every text, valid UTF-8 or not, byte for byte")
    func salvage() throws {
        let texts = Self.valid + Self.invalid
        let source = try Self.store(version: 3, texts: texts, authors: Self.authors + Self.invalid)
        let out = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        _ = try MigrationProject(bundle: SampleJournalStore.bundle).salvage(store: source, to: out)
        #expect(try Self.column("ZTEXT", of: out) == Self.expected(texts).text)
        #expect(try Self.column("ZTITLE", of: out) == Self.expected(texts).title)
        #expect(try Self.column("ZAUTHOR", of: out) == Self.column("ZAUTHOR", of: source))
    }
}
