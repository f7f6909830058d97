import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 7: the browser filters and sorts through the engine's row queries, shows when columns
/// are out of view, and the record view follows relationships and comes back.
@Suite struct BrowserQueryTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static func browsing(columns: Int = 3) -> ConsoleState {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Tag")
        let names = ["pk", "name", "post"] + (0..<max(0, columns - 3)).map { "extra\($0)" }
        let stored = ["Z_PK", "ZNAME", "ZPOST"] + (0..<max(0, columns - 3)).map { "ZEXTRA\($0)" }
        let filler = (0..<max(0, columns - 3)).map { _ in BrowserValue.text(String(repeating: "x", count: 30)) }
        browser.page = BrowserPage(
            entity: "Tag", columns: names,
            rows: [
                [.integer(1), .text("swift"), .reference(entity: "Post", key: 7)] + filler,
                [.integer(2), .text("rust"), .null] + filler,
            ], offset: 0, totalRows: 2, sourceColumns: stored)
        state.browser = browser
        return state
    }

    @Test func slashTypesAFilterThatEnterAppliesAndEscClears() {
        var state = Self.browsing()
        #expect(controller.handle(.character("/"), state: &state) == [])
        #expect(state.keyContext == .filter)
        for character in "sq?w" { _ = controller.handle(.character(character), state: &state) }
        #expect(state.browser?.filterInput?.text == "sq?w", "q and ? are text while typing")
        _ = controller.handle(.backspace, state: &state)
        _ = controller.handle(.backspace, state: &state)
        #expect(renderer.render(state).lines[2].hasPrefix(" / sq█"))
        #expect(controller.handle(.enter, state: &state) == [], "the filter applied as it was typed")
        #expect(state.browser?.query.search == "sq")
        #expect(state.keyContext == .browser)
        state.browser?.page = Self.browsing().browser?.page
        #expect(renderer.render(state).lines[1].contains("matching \"sq\""))
        #expect(controller.handle(.escape, state: &state) == [.loadRows(entity: "Tag", offset: 0)])
        #expect(state.browser?.query.search == nil)
        #expect(state.screen == .browser, "the first Esc clears the filter")
        _ = controller.handle(.escape, state: &state)
        #expect(state.screen == .main)
    }

    @Test func sCyclesTheSortOfTheFirstScrolledColumn() {
        var state = Self.browsing()
        _ = controller.handle(.character("s"), state: &state)
        #expect(state.browser?.query.sortColumn == "ZNAME")
        #expect(state.browser?.query.descending == false)
        state.browser?.page = Self.browsing().browser?.page
        #expect(renderer.render(state).lines[3].hasPrefix(" pk   name ↑"))
        _ = controller.handle(.character("s"), state: &state)
        #expect(state.browser?.query.descending == true)
        state.browser?.page = Self.browsing().browser?.page
        _ = controller.handle(.character("l"), state: &state)
        #expect(controller.handle(.character("s"), state: &state) == [.loadRows(entity: "Tag", offset: 0)])
        #expect(state.browser?.query.sortColumn == "ZPOST", "after scrolling, the next column")
    }

    @Test func clippedColumnsAreSignedOnBothSides() {
        var state = Self.browsing(columns: 6)
        var header = renderer.render(state).lines[3]
        #expect(header.hasSuffix("▸"), "more columns to the right: \(header)")
        #expect(!header.contains("◂"))
        let row = renderer.render(state).lines[4]
        #expect(row.hasSuffix("x…"), "the last column shown is cut with …: \(row)")
        _ = controller.handle(.character("l"), state: &state)
        header = renderer.render(state).lines[3]
        #expect(header.contains("◂"), "columns out of view on the left: \(header)")
    }

    @Test func theRecordFollowsARelationshipAndComesBack() {
        var state = Self.browsing()
        _ = controller.handle(.enter, state: &state)
        #expect(state.keyContext == .record)
        #expect(controller.handle(.enter, state: &state) == [], "pk is no relationship")
        #expect(state.message?.contains("Enter follows a relationship") == true)
        _ = controller.handle(.down, state: &state)
        _ = controller.handle(.down, state: &state)
        #expect(state.browser?.records.last?.field == 2)
        #expect(renderer.render(state).text.contains("post  Enter opens it"))
        #expect(controller.handle(.enter, state: &state) == [.openRecord(entity: "Post", key: 7)])
        // What the app does with the effect: the related object opens over the record.
        state.browser?.records.append(
            RecordFrame(entity: "Post", origin: "Post #7", columns: ["pk", "title"], values: [.integer(7), .text("Hello")]))
        let screen = renderer.render(state)
        #expect(screen.lines[1].hasPrefix("┌─ ▸ Post — Post #7 — 1 back — Esc back"))
        #expect(screen.text.contains("Hello"))
        _ = controller.handle(.escape, state: &state)
        #expect(state.browser?.records.last?.entity == "Tag")
        #expect(state.browser?.records.last?.field == 2, "the record is as it was left")
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .browser)
    }
}
