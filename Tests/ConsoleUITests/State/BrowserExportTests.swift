import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 11: the data browser exports the entity on screen through the engine's export: `e` asks for the
/// path (a free file beside the store by default), Enter writes, an existing file is replaced only after a
/// second Enter, Esc cancels.
@Suite struct BrowserExportTests {
    /// The console on a Journal 4 store of `entries` entries with the sample model, the store read.
    static func console(entries: Int) throws -> (ConsoleApp, String) {
        let store = try JournalFixture.journal4(entries: entries)
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: nil, storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        app.state.size = TerminalSize(width: 140, height: 30)
        return (app, store)
    }

    /// The console on a Journal 4 store of 30 entries, browsing `Entry` with its first page loaded.
    static func browsing() throws -> (ConsoleApp, String) {
        let (app, store) = try console(entries: 30)
        app.state.screen = .browser
        app.state.browser = BrowserState(entity: "Entry")
        app.settle([.loadRows(entity: "Entry", offset: 0)])
        return (app, store)
    }

    /// Presses `keys`, taking the actions that follow each (a name suggested, a path checked) until work the
    /// console waits for has started: its result is left to take.
    static func press(_ keys: [Key], _ app: ConsoleApp) {
        for key in keys {
            app.send(.key(key))
            while app.state.preparing == nil, app.receive() != nil {}
        }
    }

    static func screen(_ app: ConsoleApp) -> String { ConsoleRenderer().render(app.state).text }

    /// Takes the result of the work the console waits for, which ran at once (no thread): one action.
    static func finishExport(_ app: ConsoleApp) {
        #expect(app.state.preparing != nil)
        #expect(app.receive() != nil)
        #expect(app.state.preparing == nil)
    }

    @Test func exportsTheEntityOnScreenToTheDefaultFile() throws {
        let (app, store) = try Self.browsing()
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent()
        // A file already there: the default is the next free name, so accepting it replaces nothing.
        try Data("keep".utf8).write(to: folder.appendingPathComponent("Entry.json"))
        Self.press([.character("e")], app)
        #expect(app.state.keyContext == .export)
        let expected = folder.appendingPathComponent("Entry-2.json").path
        #expect(Self.screen(app).contains("Export 30 Entry objects to \(expected)█"), "\(Self.screen(app))")
        #expect(Self.screen(app).contains("Enter exports · Esc cancels"))
        Self.press([.character("q")], app)
        #expect(app.state.browser?.exportPrompt?.path == expected + "q", "typing takes every character, q included")
        Self.press([.backspace, .enter], app)
        #expect(app.state.preparing == "Exporting Entry to \(expected)…", "off the UI thread, saying so")
        Self.finishExport(app)
        #expect(app.state.keyContext == .browser)
        #expect(app.state.message == "exported 30 Entry objects to \(expected)")
        let objects = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expected))) as? [[String: Any]]
        #expect(objects?.count == 30)
        #expect(try String(contentsOf: folder.appendingPathComponent("Entry.json"), encoding: .utf8) == "keep")
    }

    @Test func anExistingFileIsReplacedOnlyAfterASecondEnter() throws {
        let (app, store) = try Self.browsing()
        let existing = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("entries.csv")
        try Data("keep".utf8).write(to: existing)
        Self.press([.character("e")], app)
        let typed = app.state.browser?.exportPrompt?.path.count ?? 0
        Self.press(Array(repeating: Key.backspace, count: typed) + existing.path.map { .character($0) } + [.enter], app)
        #expect(app.state.browser?.exportPrompt?.confirmingOverwrite == true)
        // Wide enough for the temporary folder's long path, the count and the hint on one line.
        app.state.size = TerminalSize(width: 170, height: 30)
        #expect(Self.screen(app).contains("exists: Enter replaces it · Esc keeps it"), "\(Self.screen(app))")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep", "nothing written before the second Enter")
        Self.press([.escape], app)
        #expect(app.state.browser?.exportPrompt == nil && app.state.message == "export cancelled")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep")

        Self.press([.character("e")], app)
        let again = app.state.browser?.exportPrompt?.path.count ?? 0
        Self.press(Array(repeating: Key.backspace, count: again) + existing.path.map { .character($0) } + [.enter, .enter], app)
        Self.finishExport(app)
        #expect(app.state.message == "exported 30 Entry objects to \(existing.path)")
        let lines = try String(contentsOf: existing, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("_uri,_entity,_pk") == true, "CSV by the extension")
        #expect(lines.count == 31)
    }

    @Test func quittingDuringAnExportStopsItAndKeepsTheOldFile() throws {
        let store = try JournalFixture.journal4(entries: 20000)
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: nil, storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        let file = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("entries.json")
        try Data("keep".utf8).write(to: file)
        // The export is held, as if its thread had not got far: quitting stops it and takes its end, with no
        // thread (the wait lets held work run).
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.perform([.exportEntity(entity: "Entry", path: file.path)])
        #expect(app.state.preparing != nil)
        app.stopExport()
        #expect(held.runAll() == 0, "the export ran, stopped, while the console waited")
        #expect(app.state.preparing == nil, "the export's thread has ended")
        #expect(app.state.message == "export stopped; \(file.path) is as it was")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        let folder = file.deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") } == [])
    }

    /// Issue 35, item 5: Esc stops an export (only q worked while it ran), and the wait says so.
    @Test func escStopsTheExportAndKeepsTheOldFile() throws {
        let (app, store) = try Self.browsing()
        let file = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("entries.json")
        try Data("keep".utf8).write(to: file)
        // The export is held, as if its thread were still writing: Esc is pressed meanwhile.
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.perform([.exportEntity(entity: "Entry", path: file.path)])
        #expect(Self.screen(app).contains("Esc stops the export  q stops and quits"), "\(Self.screen(app))")
        #expect(app.send(.key(.escape)) == [.stopExport])
        #expect(app.state.preparing != nil, "the wait lasts until the export has stopped")
        #expect(held.runAll() == 1)
        app.receiveAll()
        #expect(app.state.preparing == nil && !app.state.exporting)
        #expect(app.state.message == "export stopped; \(file.path) is as it was")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        #expect(!Self.screen(app).contains("Esc stops the export"))
    }

    /// Issue 35, item 5: the export writes the rows on screen, not the whole entity: 1,111 of 2,400 entries
    /// match "entry 1" (titles Entry 1, 10…19, 100…199, 1000…1999), and exactly those go, in the order on
    /// screen (title, descending), the wait counting them as they are written.
    @Test func theExportWritesTheMatchingRowsInTheOrderOnScreen() throws {
        let (app, store) = try Self.console(entries: 2400)
        app.state.screen = .browser
        app.state.browser = BrowserState(entity: "Entry")
        app.settle([.loadRows(entity: "Entry", offset: 0)])
        for key in [.character("/")] + "entry 1".map(Key.character) + [.enter] { app.press(key) }
        #expect(app.state.browser?.page?.totalRows == 1111)
        for _ in 0..<10 where app.state.browser?.query.sortColumn != "ZTITLE" { app.press(.character("S")) }
        app.press(.character("s"))
        #expect(app.state.browser?.query.sortColumn == "ZTITLE" && app.state.browser?.query.descending == true)
        let onScreen = try #require(app.state.browser?.page)
        let title = try #require(onScreen.columns.firstIndex(of: "title"))

        // Wide enough for the temporary folder's long path beside the question.
        app.state.size = TerminalSize(width: 200, height: 30)
        Self.press([.character("e")], app)
        let file = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("Entry.json").path
        #expect(
            Self.screen(app).contains("Export 1,111 matching Entry objects in descending title order to \(file)█"),
            "\(Self.screen(app))")
        Self.press([.enter], app)
        // The export ran (inline): its counts and its end wait in the queue, taken one at a time.
        #expect(app.receive() == .exportProgress(written: 500))
        #expect(Self.screen(app).contains("Exporting 500 of 1,111 Entry objects to \(file)…"), "\(Self.screen(app))")
        #expect(app.receive() == .exportProgress(written: 1000))
        #expect(Self.screen(app).contains("Exporting 1,000 of 1,111 Entry objects"))
        Self.finishExport(app)
        #expect(app.state.message == "exported 1,111 Entry objects to \(file)")

        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [[String: Any]])
        let titles = objects.compactMap { $0["title"] as? String }
        let expected = (1...2400).map { "Entry \($0)" }.filter { $0.hasPrefix("Entry 1") }.sorted(by: >)
        #expect(titles.count == 1111 && titles == expected)
        #expect(Array(titles.prefix(onScreen.rows.count)) == onScreen.rows.map { $0[title].display }, "as on screen")
    }

    /// Issue 35, item 5: a query filter (`rows --where`'s language) is exported as the pages show it, and it
    /// decides on a value too large to be written in one piece (64 KiB and more, streamed to the file) as on
    /// the whole value: the word at its end is found.
    @Test func aQueryFilterIsExportedAndSeesLargeValuesWhole() throws {
        let store = try JournalFixture.journal4(entries: 30)
        let large = String(repeating: "a", count: 70_000) + " needle"
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: "UPDATE ZENTRY SET ZTEXT = ? WHERE Z_PK IN (4, 9)", arguments: [large])
        }
        try queue.close()
        let source = EngineDataSource(modelPath: JournalFixture.modelPath)
        let query = RowQuery(predicate: #"text ENDSWITH "needle" OR favorite == YES"#)
        let page = try source.rows(storePath: store, entity: "Entry", offset: 0, limit: 50, query: query)
        let file = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("e.jsonl").path
        var counted: [Int] = []
        let written = try source.export(
            storePath: store, entity: "Entry", query: query, to: file, cancellation: CancellationFlag()
        ) { counted.append($0) }
        // Odd keys are favorites; 4 and 9 hold the needle (9 is odd too).
        #expect(page.totalRows == 16 && written == 16 && counted == Array(1...16))
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        let keys = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["_pk"] as? Int
        }
        #expect(keys == page.rows.compactMap { if case .integer(let key) = $0.first { Int(key) } else { nil } })
        #expect(keys.contains(4) && lines.contains { $0.contains(" needle") })
    }

    @Test func theWaitCountsFromWhenTheWorkStarted() {
        var state = ConsoleState(screen: .main)
        state.size = TerminalSize(width: 100, height: 30)
        state.preparing = "Exporting Entry to /tmp/e.json…"
        state.preparingSince = 100
        #expect(ConsoleRenderer().render(state, now: 104.2).text.contains("elapsed 4.2 s"))
    }

    @Test func theKeyIsInTheTableAndItsHelp() {
        #expect(KeyTable.standard.action(for: .character("e"), in: .browser) == .export)
        #expect(KeyTable.standard.action(for: .enter, in: .export) == .open)
        #expect(KeyTable.standard.action(for: .character("?"), in: .export) == nil, "? is typed into the path")
    }
}
