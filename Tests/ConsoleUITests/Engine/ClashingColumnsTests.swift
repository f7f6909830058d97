import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 6: sibling entities sharing a table with an attribute of the same name get `ZTEXT` and
/// `ZTEXT1`; the browser finds each entity's column through the engine's layout (it took `"Z" + uppercased`,
/// showing a `Post`'s text from the `Note`s' column, always NULL, and hiding `ZTEXT1`). Binary values show as
/// a hex dump with an ASCII gutter, and the room a screen leaves goes to cut columns.
@Suite struct ClashingColumnsTests {
    /// A table lacking a column its model implies is browsed as stored, not replaced by an error.
    @Test func aTableMissingAModelColumnIsShownAsStored() throws {
        let store = try JournalFixture.journal4(entries: 5)
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: "ALTER TABLE ZENTRY RENAME COLUMN ZTEXT TO ZOTHER") }
        try queue.close()
        let page = try EngineDataSource(modelPath: JournalFixture.modelPath).rows(
            storePath: store, entity: "Entry", offset: 0, limit: 10)
        #expect(page.totalRows == 5 && page.rows.count == 5)
        #expect(page.columns.contains("other") && page.columns.contains("title"), "\(page.columns)")
    }

    static let photo = Data("Hi\u{0}there, 16 bytes and more".utf8)

    /// An abstract `Message` whose `Note` and `Post` both have a `text`, written by the engine; 2 notes, then
    /// 2 posts with a photo.
    static func store() throws -> String {
        let model = ObjectModel(
            name: "Inbox",
            entities: [
                Entity(name: "Message", isAbstract: true, attributes: [Attribute(name: "sent", type: .date)]),
                Entity(name: "Note", parentName: "Message", attributes: [Attribute(name: "text", type: .string)]),
                Entity(
                    name: "Post", parentName: "Message",
                    attributes: [Attribute(name: "text", type: .string), Attribute(name: "photo", type: .binary)]),
            ])
        let path = try TemporaryDirectory.make().appendingPathComponent("Inbox.sqlite").path
        _ = try StoreWriter(model: model).create(at: path)
        try DatabaseQueue(path: path).write { db in
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(ZMESSAGE)").map { $0["name"] as String }
            #expect(columns.contains("ZTEXT") && columns.contains("ZTEXT1"), "\(columns)")
            let number = { (name: String) in
                try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name])
            }
            for key in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZMESSAGE (Z_PK, Z_ENT, Z_OPT, ZTEXT) VALUES (?, ?, 1, ?)",
                    arguments: [key, try number("Note"), "note \(key)"])
            }
            for key in 3...4 {
                try db.execute(
                    sql: "INSERT INTO ZMESSAGE (Z_PK, Z_ENT, Z_OPT, ZTEXT1, ZPHOTO) VALUES (?, ?, 1, ?, ?)",
                    arguments: [key, try number("Post"), "post \(key)", photo])
            }
        }
        return path
    }

    @Test func eachSiblingsTextComesFromItsOwnColumn() throws {
        let store = try Self.store()
        let source = EngineDataSource(modelPath: nil)
        let posts = try source.rows(storePath: store, entity: "Post", offset: 0, limit: 10, query: .all)
        #expect(posts.columns == ["pk", "sent", "text", "photo"], "ZTEXT, the notes' column, is not a post's")
        #expect(posts.sourceColumns[2] == "ZTEXT1")
        #expect(posts.rows.map { $0[2] } == [.text("post 3"), .text("post 4")])
        let notes = try source.rows(storePath: store, entity: "Note", offset: 0, limit: 10, query: .all)
        #expect(notes.columns == ["pk", "sent", "text"])
        #expect(notes.rows.map { $0[2] } == [.text("note 1"), .text("note 2")])
    }

    @Test func theBrowserAndRecordViewShowThePostsOwnText() throws {
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: nil), planner: nil, storePath: try Self.store(), pickerRoot: "/nonexistent")
        app.state.size = TerminalSize(width: 100, height: 30)
        app.settle(app.pendingEffects)
        app.state.screen = .browser
        app.state.browser = BrowserState(entity: "Post")
        app.settle([.loadRows(entity: "Post", offset: 0)])
        let screen = ConsoleRenderer().render(app.state).text
        #expect(screen.contains("post 3") && screen.contains("post 4"), "\(screen)")
        app.press(.enter)
        let record = ConsoleRenderer().render(app.state).text
        #expect(record.contains("  post 3"), "\(record)")
        // The photo as a hex dump: offset, 16 bytes, and the same bytes as ASCII, `.` for the NUL.
        #expect(
            record.contains("  0000  48 69 00 74 68 65 72 65 2c 20 31 36 20 62 79 74  |Hi.there, 16 byt|"), "\(record)")
        #expect(
            record.contains("  0010  65 73 20 61 6e 64 20 6d 6f 72 65" + String(repeating: " ", count: 15) + "  |es and more|"))
    }

    @Test func spareWidthGoesToCutColumns() {
        let long = String(repeating: "word ", count: 11) + "end"
        var state = SampleState.main
        state.screen = .browser
        state.size = TerminalSize(width: 130, height: 24)
        var browser = BrowserState(entity: "Post")
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk", "title", "body"], rows: [[.integer(1), .text(long), .text(long)]], offset: 0,
            totalRows: 1, sourceColumns: ["Z_PK", "ZTITLE", "ZBODY"])
        state.browser = browser
        let screen = ConsoleRenderer().render(state).text
        // Two columns of 58 characters fit in 130, where each was cut at 36.
        #expect(screen.components(separatedBy: long).count == 3, "\(screen)")
        state.size = TerminalSize(width: 100, height: 24)
        let narrower = ConsoleRenderer().render(state).text
        #expect(!narrower.contains(long), "\(narrower)")
        #expect(narrower.components(separatedBy: String(long.prefix(44))).count == 3, "the room shared: \(narrower)")
        let widths = DataBrowserView.spread([3, 36, 36], natural: [3, 58, 58], columns: [0, 1, 2], width: 100)
        #expect(widths == [3, 47, 46], "handed out a column at a time")
    }
}
