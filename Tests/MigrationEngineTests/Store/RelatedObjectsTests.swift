import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The console's record view lists the objects a to-many leads to, both ways, from where Core Data keeps them.
@Suite("Related objects")
struct RelatedObjectsTests {
    static func pager(_ path: String) throws -> EntityRowPager {
        try EntityRowPager(path: path, counts: StoreReader.read(path: path, checkIntegrity: false).rowCounts)
    }

    @Test("A one-to-many through the inverse's key: an author's entries, the first kept and all counted")
    func oneToMany() throws {
        let store = try JournalFixture.journal4(entries: 10)
        let related = try Self.pager(store).related(
            entity: "Author", key: 1, model: try JournalFixture.version(4), limit: 2)
        #expect(
            related == [
                RelatedObjects(
                    relationship: "entries", destination: "Entry",
                    targets: [.init(entity: "Entry", key: 1), .init(entity: "Entry", key: 4)], total: 4)
            ])
        let none = try Self.pager(store).related(entity: "Author", key: 99, model: try JournalFixture.version(4), limit: 2)
        #expect(none.map(\.total) == [0] && none.first?.targets == [])
    }

    @Test("A many-to-many through its join table, from either side")
    func manyToMany() throws {
        let pager = try Self.pager(try ManyToManyFixture.store())
        let post = try pager.related(entity: "Post", key: 1, model: ManyToManyFixture.model(), limit: 10)
        #expect(post.map(\.relationship) == ["tags"])
        #expect(post.first?.targets == [.init(entity: "Tag", key: 1), .init(entity: "Tag", key: 2)])
        let tag = try pager.related(entity: "Tag", key: 2, model: ManyToManyFixture.model(), limit: 10)
        #expect(tag.first?.targets == [.init(entity: "Post", key: 1), .init(entity: "Post", key: 2)])
        #expect(tag.first?.total == 2 && tag.first?.destination == "Post")
        #expect(try pager.related(entity: "Post", key: 3, model: ManyToManyFixture.model(), limit: 10).first?.total == 0)
        #expect(try pager.related(entity: "Nothing", key: 1, model: ManyToManyFixture.model(), limit: 10).isEmpty)
    }
}
