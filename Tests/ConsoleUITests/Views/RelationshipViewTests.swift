import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 1: the record view shows each to-many relationship (how many objects, the first of them);
/// Enter opens one, Esc comes back, and the way back (the inverse) opens too, for a one-to-many and for both
/// sides of a many-to-many.
@Suite struct RelationshipViewTests {
    let controller = ConsoleController()

    /// The console on `store`, with the data browser open on `entity`.
    static func browsing(_ store: String, model: String?, entity: String) throws -> ConsoleApp {
        let app = ConsoleApp(source: EngineDataSource(modelPath: model), planner: nil, storePath: nil, pickerRoot: "/nonexistent")
        app.state.size = TerminalSize(width: 100, height: 40)
        app.settle([.openStore(store)])
        app.state.focus = .entities
        app.state.cursor[.entities] = try #require(app.state.overview?.entities.firstIndex { $0.name == entity })
        app.settle(ConsoleController().handle(.enter, state: &app.state))
        return app
    }

    /// Presses a key and carries out what it asks for.
    func press(_ key: Key, _ app: ConsoleApp) {
        app.settle(controller.handle(key, state: &app.state))
    }

    @Test func anAuthorsEntriesAreListedAndEachOpensAndLeadsBack() throws {
        let store = try JournalFixture.journal4(entries: 10)
        let app = try Self.browsing(store, model: JournalFixture.modelPath, entity: "Author")
        #expect(controller.handle(.enter, state: &app.state) == [.loadRelated(entity: "Author", key: 1)])
        app.settle([.loadRelated(entity: "Author", key: 1)])
        let record = try #require(app.state.browser?.records.last)
        #expect(record.relations.map(\.relationship) == ["entries"])
        #expect(record.relations.first?.total == 4)
        var screen = ConsoleRenderer().render(app.state).text
        #expect(screen.contains("entries  4 objects (to-many)"))
        for key in [1, 4, 7, 10] { #expect(screen.contains("Entry #\(key)  Enter opens it")) }
        press(.character("G"), app)
        #expect(app.state.browser?.records.last?.selectedValue == .reference(entity: "Entry", key: 10))
        press(.enter, app)
        let entry = try #require(app.state.browser?.records.last)
        #expect(app.state.browser?.records.count == 2)
        #expect(entry.entity == "Entry" && entry.key == 10)
        let author = try #require(entry.columns.firstIndex(of: "author"))
        #expect(entry.values[author] == .reference(entity: "Author", key: 1), "the inverse leads back")
        app.state.browser?.records[1].field = author
        press(.enter, app)
        #expect(app.state.browser?.records.count == 3)
        #expect(app.state.browser?.records.last?.relations.first?.total == 4, "the author opened again lists its entries")
        press(.escape, app)
        press(.escape, app)
        #expect(app.state.browser?.records.count == 1)
        screen = ConsoleRenderer().render(app.state).text
        #expect(screen.contains("Author — row 1 of 3"))
    }

    @Test func aManyToManyIsListedFromBothSides() throws {
        let store = try ManyToManyFixture.store()
        let app = try Self.browsing(store, model: nil, entity: "Post")
        press(.enter, app)
        let post = try #require(app.state.browser?.records.last)
        #expect(post.relations.first?.targets == [.init(entity: "Tag", key: 1), .init(entity: "Tag", key: 2)])
        press(.character("G"), app)
        press(.enter, app)
        let tag = try #require(app.state.browser?.records.last)
        #expect(tag.entity == "Tag" && tag.key == 2)
        #expect(tag.relations.map(\.relationship) == ["posts"])
        #expect(tag.relations.first?.targets == [.init(entity: "Post", key: 1), .init(entity: "Post", key: 2)])
        let screen = ConsoleRenderer().render(app.state).text
        #expect(screen.contains("posts  2 objects (to-many)") && screen.contains("Post #2  Enter opens it"))
    }

    @Test func aLongRelationshipListsItsFirstObjectsAndCountsTheRest() {
        var record = RecordFrame(entity: "Author", origin: "row 1 of 1", columns: ["pk"], values: [.integer(1)])
        record.relations = [
            RelatedObjects(
                relationship: "entries", destination: "Entry", targets: [.init(entity: "Entry", key: 3)], total: 1_201),
            RelatedObjects(relationship: "drafts", destination: "Entry", targets: [], total: 0),
        ]
        let lines = RecordView.lines(record, width: 60).map(\.plainText)
        #expect(lines.contains("entries  1,201 objects (to-many)"))
        #expect(lines.contains("  … 1,200 more, not listed"))
        #expect(lines.contains("drafts  0 objects (to-many)"))
        #expect(record.fieldCount == 2)
        record.field = 1
        #expect(record.selectedValue == .reference(entity: "Entry", key: 3))
    }
}
