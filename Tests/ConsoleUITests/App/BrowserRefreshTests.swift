import Foundation
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
}
