import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// `rows` queries on a Journal 4 store (entries by three authors): key paths through to-ones, counts and
/// quantifiers over to-manys, ordering by attributes, chosen columns, and errors naming the query's position.
@Suite("rows queries, order and columns")
struct RowsQueryTests {
    /// 61 entries: entry n by author (n - 1) % 3 + 1, so Ada (1) has 21 entries and the others 20.
    let store: String
    let project: MigrationProject

    init() throws {
        store = try JournalFixture.journal4(entries: 61)
        project = try MigrationProject(modelPath: JournalFixture.modelPath)
    }

    private func keys(_ query: String?, entity: String = "Entry", order: [RowOrder] = [], limit: Int = 1000, offset: Int = 0)
        throws -> [Int64]
    {
        try project.rows(store: store, entity: entity, where: query, order: order, offset: offset, limit: limit).objects
            .map(\.primaryKey)
    }

    private func error(_ body: () throws -> RowPage) -> String? {
        (#expect(throws: ExportError.self) { _ = try body() })?.message
    }

    @Test("A key path follows the to-one to the author's name, bare or from $object, with string options")
    func toOnePath() throws {
        let grace = (1...61).filter { ($0 - 1) % 3 + 1 == 2 }.map(Int64.init)
        #expect(try keys(#"author.name == "Grace Hopper""#) == grace)
        #expect(try keys(#"$object.author.name ENDSWITH "Hopper""#) == grace)
        let adaOrAlan = (1...61).filter { ($0 - 1) % 3 + 1 != 2 }.map(Int64.init)
        #expect(try keys(#"author.name BEGINSWITH[c] "a""#) == adaOrAlan)
        #expect(try keys(#"author.name LIKE "*ing" AND title IN {"Entry 3", "Entry 4"}"#) == [3])
    }

    @Test("A key path through a missing to-one is nil, not an error")
    func nilSafe() throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: #"UPDATE "ZENTRY" SET "ZAUTHOR" = NULL WHERE "Z_PK" IN (5, 9)"#) }
        try queue.close()
        #expect(try keys("author.name == nil") == [5, 9])
        #expect(try keys(#"author.name CONTAINS "a""#).count == 59, "every author's name has an a")
        #expect(try keys(#"NOT author.name CONTAINS[c] "a""#) == [5, 9])
    }

    @Test("Counts and quantifiers over the to-many")
    func toMany() throws {
        #expect(try keys("entries.@count > 20", entity: "Author") == [1])
        #expect(try keys("entries.@count BETWEEN {20, 20}", entity: "Author") == [2, 3])
        #expect(try keys(#"ANY entries.title ==[c] "entry 8""#, entity: "Author") == [2])
        #expect(try keys(#"ALL entries.title BEGINSWITH "Entry""#, entity: "Author") == [1, 2, 3])
        #expect(try keys("NONE entries.favorite == true", entity: "Author") == [])
        #expect(try keys("ANY entries.author.name == name", entity: "Author") == [1, 2, 3], "a path back through the inverse")
    }

    @Test("Ordered by attributes, ties in primary-key order; paging counts matching objects in that order")
    func order() throws {
        let titles = (1...61).map { (key: Int64($0), title: "Entry \($0)") }
        let byTitle = titles.sorted { Array($0.title.utf8).lexicographicallyPrecedes(Array($1.title.utf8)) }.map(\.key)
        #expect(try keys(nil, order: [RowOrder("title")]) == byTitle)
        #expect(try keys(nil, order: [RowOrder("created", descending: true)]) == (1...61).reversed().map(Int64.init))
        #expect(try keys(nil, order: [RowOrder("mood", descending: true)]) == Array(1...61), "ties stay in key order")
        let favouritesLastFirst = [RowOrder("favorite", descending: true), RowOrder("_pk", descending: true)]
        let odd = stride(from: 61, through: 1, by: -2).map(Int64.init)
        let even = stride(from: 60, through: 2, by: -2).map(Int64.init)
        #expect(try keys(nil, order: favouritesLastFirst) == odd + even)
        let alan = try keys(#"author.name == "Alan Turing""#, order: [RowOrder("created", descending: true)], limit: 3, offset: 2)
        #expect(alan == [54, 51, 48])
    }

    @Test("The console's pager finds the same matches, paged and counted, in its sort order")
    func pager() throws {
        let pager = try EntityRowPager(path: store, counts: try StoreReader.read(path: store).rowCounts)
        let query = RowQuery(sortColumn: "ZCREATED", descending: true, predicate: #"author.name == "Alan Turing""#)
        let page = try pager.page(entity: "Entry", offset: 2, limit: 3, query: query, model: try JournalFixture.version(4))
        let key = try #require(page.columns.firstIndex(of: "Z_PK"))
        #expect(page.rows.map { $0[key] } == [.integer(54), .integer(51), .integer(48)])
        #expect(page.totalRows == 20)
        #expect(page.offset == 2)
        let plain = try pager.page(entity: "Entry", offset: 0, limit: 2, query: RowQuery(), model: try JournalFixture.version(4))
        #expect(plain.totalRows == 61, "without a query, the pager's own page")
    }

    @Test("Chosen columns, in the order asked")
    func columns() throws {
        let page = try project.rows(store: store, entity: "Entry", columns: ["title", "_pk", "author"], limit: 2)
        #expect(page.fields == ["title", "_pk", "author"])
        #expect(page.objects.map(\.fields) == [["title", "_pk", "author"], ["title", "_pk", "author"]])
        #expect(page.objects.first?["title"] == .text("Entry 1"))
        #expect(page.objects.first?["_pk"] == .integer(1))
        #expect(page.objects.first?["mood"] == nil)
    }

    @Test("Errors name the query and the position, an unknown key or column and what there is")
    func errors() throws {
        let syntax = error { try project.rows(store: store, entity: "Entry", where: #"title CONTAINS[x] "a""#) }
        #expect(syntax == #"invalid query "title CONTAINS[x] \"a\"" at column 15: expected [c], [d] or [cd] after CONTAINS"#)
        let runtime = error { try project.rows(store: store, entity: "Entry", where: #"mood CONTAINS "2""#) }
        #expect(runtime?.hasPrefix(#"the query "mood CONTAINS \"2\"" fails on Entry p1: type mismatch: CONTAINS"#) == true)
        let unknown = error { try project.rows(store: store, entity: "Entry", where: "author.nmae == nil") }
        #expect(unknown?.hasSuffix("Author has no property nmae") == true)
        let sort = error { try project.rows(store: store, entity: "Entry", order: [RowOrder("titel")]) }
        #expect(sort?.hasPrefix("cannot order Entry by \"titel\": no such attribute (attributes: ") == true)
        #expect(sort?.contains("title") == true)
        let column = error { try project.rows(store: store, entity: "Entry", columns: ["titel"]) }
        #expect(column?.hasPrefix("Entry has no field \"titel\" to show (fields: _uri, _entity, _pk, created") == true)
        let huge = String(repeating: "x", count: 100_000) + " =="
        let long = error { try project.rows(store: store, entity: "Entry", where: huge) }
        #expect((long?.count ?? .max) < 300, "a huge query is cut in the message")
        let lines = error { try project.rows(store: store, entity: "Entry", where: "title ==\n") }
        #expect(lines?.contains("\n") == false)
    }
}
