import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 35 item 4: a browse session pages a sorted entity by key (``PageStart``): the rows come in SQLite's
/// `ORDER BY column, Z_PK` order for every attribute type, NULLs, ties and TEXT that is not UTF-8 included,
/// and paging forward, backward, to the end and back to the start gives every row exactly once.
@Suite struct KeysetPagingTests {
    /// A seeded store of every attribute type (40 objects of each of `Item`'s two sub-entities), some values
    /// made NULL and some tied, one title not UTF-8; with its browse session and its `Item` table. The session
    /// pages an entity of `orderedFrom` rows or more through its keys sorted once (``SortedOrder``).
    static func session(orderedFrom: Int = SortedOrder.orderedPagingRows) throws -> (StoreBrowser, String, SchemaTable) {
        let model = StoreSeederTests.model
        let store = try TemporaryDirectory.make().appendingPathComponent("Every.sqlite").path
        _ = try StoreSeeder(model: model, objects: 40, seed: 7).write(to: store)
        let table = try #require(SchemaBuilder(model: model).build().table(for: "Item"))
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            for column in table.columns {
                guard case .attribute = column.role else { continue }
                let name = SQLIdentifier(column.name)
                try db.execute("UPDATE \(SQLIdentifier(table.name)) SET \(name) = NULL WHERE Z_PK % 5 = 0" as SQLFragment)
                try db.execute(
                    """
                    UPDATE \(SQLIdentifier(table.name)) SET \(name) = (SELECT \(name) FROM \(SQLIdentifier(table.name)) \
                    WHERE Z_PK = 1) WHERE Z_PK % 7 = 0
                    """ as SQLFragment)
            }
            try db.execute(sql: "UPDATE ZITEM SET ZTITLE = CAST(X'C328' AS TEXT) WHERE Z_PK IN (3, 4)")
        }
        try queue.close()
        let bundle = ModelBundle(path: store, versions: [model], currentVersionName: model.name)
        let browser = try MigrationProject(bundle: bundle).browse(store: store)
        let counts = try StoreReader.read(path: store, checkIntegrity: false).rowCounts
        let pager = try EntityRowPager(path: store, counts: counts, orderedFrom: orderedFrom)
        return (StoreBrowser(store: store, pager: pager, model: browser.model), store, table)
    }

    /// The keys SQLite's own `ORDER BY` gives.
    static func ordered(_ store: String, _ table: SchemaTable, by column: String, descending: Bool) throws -> [Int64] {
        let direction: SQLFragment = descending ? " DESC" : ""
        let query: SQLFragment =
            "SELECT Z_PK FROM \(SQLIdentifier(table.name)) ORDER BY \(SQLIdentifier(column))\(direction), Z_PK\(direction)"
        return try DatabaseQueue(path: store).read { try Int64.fetchAll($0, query.request) }
    }

    static func keys(_ page: EntityRowPage) -> [Int64] {
        let index = page.columns.firstIndex(of: "Z_PK") ?? 0
        return page.rows.map { if case .integer(let key) = $0[index] { key } else { -1 } }
    }

    /// Issue 35 item 4: the same pages whether read by key or, for a large entity, through its keys sorted
    /// once (here every entity counts as large).
    @Test(arguments: [false, true])
    func forwardAndBackwardPagesFollowSQLitesOrderForEveryColumn(sortedOnce: Bool) throws {
        let (browser, store, table) = try Self.session(orderedFrom: sortedOnce ? 0 : .max)
        let sortable = table.columns.filter { if case .attribute = $0.role { true } else { false } }.map(\.name)
        #expect(sortable.count >= 14, "every stored attribute type")
        let limit = 7
        for column in sortable + [nil] {
            for descending in [false, true] {
                let query = RowQuery(sortColumn: column, descending: descending)
                let expected = try Self.ordered(store, table, by: column ?? "Z_PK", descending: descending)
                #expect(expected.count == 80)
                // Forward, as PgDn reads: each page from the last row of the one before.
                var forward: [Int64] = []
                var offset = 0
                while offset < expected.count {
                    let page = try browser.page(entity: "Item", offset: offset, limit: limit, query: query)
                    #expect(page.offset == offset)
                    forward += Self.keys(page)
                    offset += limit
                }
                #expect(forward == expected, "\(column ?? "Z_PK") \(descending ? "DESC" : "ASC") forward")
                // G, then back to the start a page at a time (the first one short), as PgUp reads.
                var backward: [[Int64]] = []
                var end = expected.count
                while end > 0 {
                    let page = try browser.page(entity: "Item", offset: max(0, end - limit), limit: limit, query: query)
                    backward.insert(Array(Self.keys(page).prefix(end - page.offset)), at: 0)
                    end = page.offset
                }
                #expect(backward.flatMap { $0 } == expected, "\(column ?? "Z_PK") \(descending ? "DESC" : "ASC") backward")
                // Jumps from a page to one further on or back, and to the last full page.
                for target in [30, 12, 73, 0, 41] {
                    let page = try browser.page(entity: "Item", offset: target, limit: limit, query: query)
                    #expect(Self.keys(page) == Array(expected[target..<min(expected.count, target + limit)]))
                }
            }
        }
    }

    @Test func eachStartReadsFromWhereItSays() {
        var page = EntityRowPage(entity: "Item", columns: [], rows: [], offset: 70, totalRows: 1000)
        page.firstKey = RowKey(value: .text(Data("m".utf8)), primaryKey: 9, position: 70)
        page.lastKey = RowKey(value: .null, primaryKey: 4, position: 79)
        #expect(StoreBrowser.start(offset: 80, limit: 10, beside: page) == .after(page.lastKey!, skip: 0))
        #expect(StoreBrowser.start(offset: 60, limit: 10, beside: page) == .before(page.firstKey!, skip: 0))
        #expect(StoreBrowser.start(offset: 990, limit: 10, beside: page) == .last(skip: 0))
        #expect(StoreBrowser.start(offset: 3, limit: 10, beside: page) == .first(skip: 3))
        #expect(StoreBrowser.start(offset: 500, limit: 10, beside: nil) == .first(skip: 500))
    }
}
