import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 7: long values can be read in full.
@Suite struct RecordViewTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static let longText = String(repeating: "long body text ", count: 12) + "THE-END\nsecond line"

    static func browsing() -> ConsoleState {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk", "body", "note", "thumbnail"],
            rows: [
                [.integer(1), .text("short"), .null, .blob(Data())],
                [.integer(2), .text(longText), .null, .blob(Data((0..<40).map { UInt8($0) }))],
            ], offset: 0, totalRows: 2)
        state.browser = browser
        return state
    }

    @Test func enterShowsTheSelectedRowInFullAndEscGoesBack() {
        var state = Self.browsing()
        #expect(!renderer.render(state).text.contains("THE-END"), "the table cuts the value")
        _ = controller.handle(.down, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.loadRelated(entity: "Post", key: 2)], "its to-manys are read")
        #expect(state.keyContext == .record)
        let screen = renderer.render(state)
        #expect(screen.lines[1].hasPrefix("┌─ ▸ Post — row 2 of 2 — Esc back"))
        #expect(screen.text.contains("THE-END"))
        #expect(screen.text.contains("│   second line"), "line breaks are kept")
        #expect(
            screen.text.contains("│   0000  00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f  |................|"),
            "every byte in hex, with an ASCII gutter")
        #expect(screen.text.contains("│   0020  20 21 22 23 24 25 26 27" + String(repeating: " ", count: 26) + "| !\"#$%&'|"))
        #expect(screen.text.contains("│   ∅"))
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .browser)
        #expect(state.browser?.selectedRow == 1)
    }

    @Test func theRecordScrolls() {
        var state = Self.browsing()
        state.size = TerminalSize(width: 80, height: 24)
        state.browser?.page?.columns += (1...30).map { "extra\($0)" }
        state.browser?.page?.rows[0] += (1...30).map { .integer(Int64($0)) }
        _ = controller.handle(.enter, state: &state)
        _ = controller.handle(.character("G"), state: &state)
        #expect(renderer.render(state).text.contains("extra30"))
        _ = controller.handle(.character("g"), state: &state)
        #expect(state.browser?.records.last?.scroll == 0)
    }
}
