import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 36, item 2's last threads: `r` in the data browser reads the store again and its page, each on a
/// thread of its own, so either may come first; and a page read that was stopped comes back as what it is, a
/// cancellation, not an error that only the dropping of a replaced read kept off the screen. With no thread:
/// the work is held and run in the order a test chooses.
@Suite struct BrowserRefreshTests {
    /// The browser on a Journal 4 store of 30 entries, which is then replaced by one of 7, and `r` pressed
    /// with the two reads it starts held.
    static func refreshedAfterAChange() throws -> (ConsoleApp, DeferredWork) {
        let (app, store) = try BrowserExportTests.browsing()
        #expect(app.state.browser?.page?.totalRows == 30)
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: try JournalFixture.journal4(entries: 7), toPath: store)
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.press(.character("r"))
        return (app, held)
    }

    @Test(arguments: [false, true])
    func rShowsTheStoreAsItIsNowWhicheverReadComesFirst(pageFirst: Bool) throws {
        let (app, held) = try Self.refreshedAfterAChange()
        // Started as the store's read, then the page: run the other way round, the page used to be read from
        // the snapshot the browser already had, and showed the 30 rows the store no longer holds.
        #expect(held.runAll(newestFirst: pageFirst) == 2)
        app.receiveAll()
        #expect(app.state.overview?.entities.first { $0.name == "Entry" }?.rows == 7)
        #expect(app.state.browser?.page?.totalRows == 7)
        #expect(app.state.browser?.page?.rows.count == 7)
        #expect(BrowserExportTests.screen(app).contains("of 7"), "\(BrowserExportTests.screen(app))")
    }

    @Test func aStoppedPageReadIsNoError() throws {
        let (app, store) = try BrowserExportTests.browsing()
        let stopped = CancellationFlag()
        stopped.cancel()
        for query in [
            RowQuery.all, RowQuery(search: "Entry 1"), RowQuery(sortColumn: "ZTITLE"), RowQuery(predicate: "mood == 2"),
        ] {
            let page = ConsoleFailure.catching {
                try EngineDataSource(modelPath: JournalFixture.modelPath)
                    .rows(storePath: store, entity: "Entry", offset: 0, limit: 10, query: query, cancellation: stopped)
            }
            guard case .failure(let failure) = page else {
                Issue.record("a page read with its flag set was read: \(query)")
                continue
            }
            #expect(failure.category == .cancelled, "\(query): \(failure.line)")
            app.state.browser?.reading = true
            app.send(.rowsRead(entity: "Entry", page))
            #expect(app.state.browser?.error == nil, "\(query)")
            #expect(app.state.message == nil, "\(query)")
            #expect(app.state.browser?.reading == false)
            #expect(app.state.browser?.page?.totalRows == 30, "the rows shown stay")
        }
    }

    /// Issue 35's races: after `r` a page read before the store came typed by the model read before `r` (only
    /// the store's read read the model again), so rows could be decoded by a model other than the one the store
    /// on screen was read with. Here the model is edited while the console is open (Journal 4 taken out), so a
    /// Journal 4 store without its cached model is at no version it knows: its rows must be shown as stored,
    /// whichever read comes first.
    @Test(arguments: [false, true])
    func rTypesThePageByTheModelReadNowWhicheverReadComesFirst(pageFirst: Bool) throws {
        let folder = try TemporaryDirectory.make()
        let model = folder.appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.copyItem(atPath: JournalFixture.modelPath, toPath: model.path)
        let store = try JournalFixture.journal4(entries: 6, in: folder)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DELETE FROM "Z_MODELCACHE""#) }
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: model.path), planner: nil, storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        app.state.screen = .browser
        app.state.browser = BrowserState(entity: "Entry")
        app.settle([.loadRows(entity: "Entry", offset: 0)])
        let created = try #require(app.state.browser?.page?.columns.firstIndex(of: "created"))
        guard case .date? = app.state.browser?.page?.rows.first?[created] else {
            Issue.record("typed by Journal 4 at first: \(String(describing: app.state.browser?.page?.rows.first))")
            return
        }
        try FileManager.default.removeItem(at: model.appendingPathComponent("Journal 4.xcdatamodel"))
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.press(.character("r"))
        #expect(held.runAll(newestFirst: pageFirst) == 2)
        app.receiveAll()
        #expect(app.state.compatibility?.compatibleVersion == nil, "the store is at no version of the model now")
        let page = try #require(app.state.browser?.page)
        let stored = try #require(page.columns.firstIndex(of: "created"))
        #expect(page.rows.first?[stored] == .integer(700_000_001), "shown as stored, as the store's read says: \(page.rows)")
    }

    /// Issue 35's races: a key that needs the page (`S`, a move) pressed while it is read with nothing on screen
    /// was lost (`S` twice in a row said "nothing to sort by" and sorted by the first column only); it waits
    /// for the page and is taken then, in order.
    @Test func keysPressedWhileAPageIsReadAreTakenWhenItComes() throws {
        let (app, _) = try BrowserExportTests.browsing()
        let columns = try #require(app.state.browser?.page?.sourceColumns)
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.press(.character("S"))
        #expect(app.state.browser?.page == nil, "the page sorted by the first column is being read")
        app.press(.character("S"))
        app.press(.character("j"))
        #expect(app.state.message != "nothing to sort by")
        #expect(app.state.browser?.pendingKeys == [.sortNext, .moveDown])
        #expect(held.runAll() == 1)
        app.receiveAll()
        #expect(app.state.browser?.query.sortColumn == columns[2], "the second S, taken once the first page came")
        #expect(held.runAll() == 1)
        app.receiveAll()
        #expect(app.state.browser?.page?.sourceColumns == columns)
        #expect(app.state.browser?.selectedRow == 1, "the move after it, on the page it sorted")
        #expect(app.state.browser?.pendingKeys == [])
        #expect(held.runAll() == 0)
    }
}
