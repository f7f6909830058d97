import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Pages of rows filtered, sorted or found by key by SQLite on the snapshot, for the console's browser.
@Suite("Entity row queries")
struct EntityRowQueryTests {
    static var model: ObjectModel {
        ObjectModel(
            name: "Blog",
            entities: [
                Entity(
                    name: "Post", attributes: [Attribute(name: "title", type: .string), Attribute(name: "cover", type: .binary)],
                    relationships: [
                        Relationship(
                            name: "tags", destinationEntity: "Tag", inverseName: "post", inverseEntity: "Tag", isToMany: true)
                    ]),
                Entity(name: "Special", parentName: "Post", attributes: [Attribute(name: "badge", type: .string)]),
                Entity(
                    name: "Tag", attributes: [Attribute(name: "name", type: .string)],
                    relationships: [
                        Relationship(name: "post", destinationEntity: "Post", inverseName: "tags", inverseEntity: "Post")
                    ]),
            ])
    }

    /// Posts 1…4 (`50% off`, `Beta`, `alpha`, `gamma_ray`), a Special post 5 in the same table, a blob that
    /// holds the searched text (never matched), and the pager on a snapshot.
    static func pager() throws -> EntityRowPager {
        let path = try TemporaryDirectory.make().appendingPathComponent("Blog.sqlite").path
        try StoreWriter(model: model).create(at: path)
        try DatabaseQueue(path: path).write { db in
            let post = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Post'")!
            let special = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Special'")!
            for (key, title) in ["50% off", "Beta", "alpha", "gamma_ray"].enumerated() {
                try db.execute(
                    sql: #"INSERT INTO "ZPOST" ("Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "ZCOVER") VALUES (?, ?, 1, ?, ?)"#,
                    arguments: [key + 1, post, title, Data("alpha".utf8)])
            }
            try db.execute(
                sql: #"INSERT INTO "ZPOST" ("Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "ZBADGE") VALUES (5, ?, 1, 'delta', 'gold')"#,
                arguments: [special])
        }
        let contents = try StoreReader.read(path: path, checkIntegrity: false)
        return try EntityRowPager(path: path, counts: contents.rowCounts)
    }

    static func titles(_ page: EntityRowPage) -> [String] {
        let column = page.columns.firstIndex(of: "ZTITLE")!
        return page.rows.map { if case .text(let text) = $0[column] { text } else { "?" } }
    }

    @Test("A search matches text in any column but blobs, case-insensitively, with % and _ taken literally")
    func search() throws {
        let pager = try Self.pager()
        let alpha = try pager.page(entity: "Post", offset: 0, limit: 10, query: RowQuery(search: "ALPHA"))
        #expect(Self.titles(alpha) == ["alpha"], "the blob holding alpha is not searched")
        #expect(alpha.totalRows == 1, "the total counts the matches")
        #expect(Self.titles(try pager.page(entity: "Post", offset: 0, limit: 10, query: RowQuery(search: "%"))) == ["50% off"])
        #expect(Self.titles(try pager.page(entity: "Post", offset: 0, limit: 10, query: RowQuery(search: "_"))) == ["gamma_ray"])
    }

    @Test("A sort orders by the column either way, and pages keep the order")
    func sort() throws {
        let pager = try Self.pager()
        let up = try pager.page(entity: "Post", offset: 0, limit: 2, query: RowQuery(sortColumn: "ZTITLE"))
        #expect(Self.titles(up) == ["50% off", "Beta"])
        #expect(up.totalRows == 5, "a Post fetch returns the Special post too, as Core Data's does")
        let down = try pager.page(entity: "Post", offset: 1, limit: 10, query: RowQuery(sortColumn: "ZTITLE", descending: true))
        #expect(Self.titles(down) == ["delta", "alpha", "Beta", "50% off"], "SQLite's binary order, descending, from the second")
        #expect(down.rowEntities == ["Special", "Post", "Post", "Post"], "each row names its own entity")
        #expect(throws: StoreError.self) {
            try pager.page(entity: "Post", offset: 0, limit: 1, query: RowQuery(sortColumn: "ZTITLE; DROP TABLE ZPOST"))
        }
    }

    @Test("An object found by key through its parent's relationship is named by its own entity")
    func primaryKey() throws {
        let pager = try Self.pager()
        let page = try pager.page(entity: "Post", offset: 0, limit: 1, query: RowQuery(primaryKey: 5))
        #expect(page.entity == "Special")
        #expect(Self.titles(page) == ["delta"])
        #expect(try pager.page(entity: "Post", offset: 0, limit: 1, query: RowQuery(primaryKey: 99)).rows.isEmpty)
    }

    @Test("A parent's pages hold its sub-entities' rows; a sub-entity's only its own")
    func subentities() throws {
        let pager = try Self.pager()
        let posts = try pager.page(entity: "Post", offset: 3, limit: 10)
        #expect(Self.titles(posts) == ["gamma_ray", "delta"])
        #expect(posts.rowEntities == ["Post", "Special"])
        #expect(posts.totalRows == 5)
        let special = try pager.page(entity: "Special", offset: 0, limit: 10)
        #expect(Self.titles(special) == ["delta"] && special.totalRows == 1)
        let found = try pager.page(entity: "Post", offset: 0, limit: 10, query: RowQuery(search: "delta"))
        #expect(Self.titles(found) == ["delta"] && found.totalRows == 1, "a search runs over the sub-entities' rows too")
    }

    @Test("An abstract parent with no rows of its own pages its sub-entities' (the engine-written fleet)")
    func abstractParent() throws {
        let path = try InheritanceFixture.store()
        let counts = try StoreReader.read(path: path, checkIntegrity: false).rowCounts
        #expect(counts.first { $0.entity == "Vehicle" }?.rows == 0)
        #expect(counts.rows(includingSubentitiesOf: "Vehicle") == 8)
        #expect(counts.rows(includingSubentitiesOf: "Truck") == 5)
        let pager = try EntityRowPager(path: path, counts: counts)
        let page = try pager.page(entity: "Vehicle", offset: 2, limit: 2)
        #expect(page.totalRows == 8)
        #expect(page.rowEntities == ["Car", "Truck"])
        #expect(page.rows.map { $0[page.columns.firstIndex(of: "Z_PK")!] } == [.integer(3), .integer(4)])
    }

    @Test("Z_SUPER from the store is not trusted: a loop lists each entity once, another table's child none")
    func hostileHierarchy() {
        let counts = [
            EntityRowCount(entity: "A", number: 1, table: "ZA", rows: 1, superNumber: 2),
            EntityRowCount(entity: "B", number: 2, table: "ZA", rows: 2, superNumber: 1),
            EntityRowCount(entity: "C", number: 3, table: "ZC", rows: 4, superNumber: 1),
        ]
        #expect(counts.hierarchy(below: "A").map(\.entity) == ["A", "B"])
        #expect(counts.rows(includingSubentitiesOf: "B") == 3)
        #expect(counts.hierarchy(below: "Z").isEmpty && counts.rows(includingSubentitiesOf: "Z") == 0)
    }
}
