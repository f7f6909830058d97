import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 3: the browser's filter takes the queries of `rows --where` (evaluated by the engine
/// through the real data source); plain text is still looked for in the values.
@Suite struct BrowserPredicateTests {
    private func type(_ text: String, _ app: ConsoleApp) {
        for key in [.character("/")] + text.map({ Key.character($0) }) + [.enter] { app.press(key) }
    }

    @Test func aTypedQueryFiltersAsRowsWhereDoes() throws {
        let (app, _) = try BrowserExportTests.browsing()
        let query = #"author.name BEGINSWITH "G" AND mood == 2"#
        type(query, app)
        #expect(app.state.browser?.query.predicate == query)
        #expect(app.state.browser?.query.search == nil)
        let page = try #require(app.state.browser?.page)
        #expect(page.totalRows == 10, "Grace Hopper wrote every third of the 30 entries")
        #expect(page.rows.map { $0.first } == stride(from: 2, through: 29, by: 3).map { BrowserValue.integer(Int64($0)) })
        let screen = BrowserExportTests.screen(app)
        #expect(screen.contains("rows 1–10 of 10"), "\(screen)")
        #expect(screen.contains("where author.name BEGINSWITH \"G\""))
        BrowserExportTests.press([.character("/")], app)
        #expect(app.state.browser?.filterInput?.text == query, "/ edits the query applied")
        app.press(.escape)
        app.press(.escape)
        #expect(app.state.browser?.query.predicate == nil)
        #expect(app.state.browser?.page?.totalRows == 30)
    }

    @Test func plainTextIsLookedForAndAFailingQueryIsShownInPlaceOfTheRows() throws {
        let (app, _) = try BrowserExportTests.browsing()
        type("Entry 7", app)
        #expect(app.state.browser?.query.search == "Entry 7")
        #expect(app.state.browser?.query.predicate == nil)
        BrowserExportTests.press([.escape], app)
        type(#"mood CONTAINS "x""#, app)
        #expect(app.state.browser?.query.predicate == #"mood CONTAINS "x""#)
        let error = try #require(app.state.browser?.error)
        #expect(error.contains("type mismatch: CONTAINS"), "\(error)")
    }
}
