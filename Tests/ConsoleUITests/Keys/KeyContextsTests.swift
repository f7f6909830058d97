import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 4: one key table drives every context, and every context answers its keys.
@Suite struct KeyContextsTests {
    let controller = ConsoleController()
    let table = KeyTable.standard

    /// Whether a part of a key label (`↓`, `PgDn`) is already shown in another label's part (`↑↓`, `PgDn`).
    static func mentions(_ part: Substring, in other: Substring) -> Bool {
        part == other || (part.count == 1 && other.count == 2 && other.contains(part.first!))
    }

    @Test(arguments: KeyContext.allCases)
    func helpShowsEveryKeyOnceInASection(_ context: KeyContext) {
        let rows = table.bindings(in: context).filter(\.inHelp)
        for (index, row) in rows.enumerated() {
            for other in rows[(index + 1)...] {
                let shared = row.label.split(separator: "/").filter { part in
                    other.label.split(separator: "/").contains { Self.mentions(part, in: $0) || Self.mentions($0, in: part) }
                }
                #expect(shared.isEmpty, "\(row.label) and \(other.label) both show \(shared) in \(context)")
            }
        }
    }

    @Test(arguments: KeyContext.allCases.filter { ![.filter, .find, .palette, .export, .seed].contains($0) })
    func questionMarkOpensHelpEverywhere(_ context: KeyContext) {
        #expect(table.action(for: .character("?"), in: context) == .help)
    }

    @Test func scrollingKeysWorkInEveryList() {
        for context in [KeyContext.panes, .browser, .picker, .help, .details] {
            #expect(table.action(for: .character(" "), in: context) == .pageDown, "\(context)")
            #expect(table.action(for: .home, in: context) == .top, "\(context)")
            #expect(table.action(for: .character("G"), in: context) == .bottom, "\(context)")
        }
    }

    @Test func helpPagesByItsHeightAndJumps() {
        var state = SampleState.main
        _ = controller.handle(.character("?"), state: &state)
        _ = controller.handle(.character(" "), state: &state)
        #expect(state.helpScroll == state.layout.body.height - 3, "a page is the visible height less one line")
        _ = controller.handle(.end, state: &state)
        let count = HelpOverlay.lines(for: .panes, keys: table, width: HelpOverlay.frameWidth(state.layout.body)).count
        #expect(state.helpScroll == count - (state.layout.body.height - 2))
        _ = controller.handle(.character("g"), state: &state)
        #expect(state.helpScroll == 0)
    }

    @Test func helpOpensOverDialogsAndClosesBackToThem() {
        var state = SampleState.main
        _ = controller.handle(.character("m"), state: &state)
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.keyContext == .help)
        #expect(state.contextBehindHelp == .confirm)
        #expect(ConsoleRenderer().render(state).text.contains("Confirm dialog (here)"))
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .confirm)
        state.confirm = nil
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        _ = controller.handle(.character("a"), state: &state)
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.contextBehindHelp == .abortPrompt)
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.keyContext == .abortPrompt, "the question is still open")
    }

    @Test func enterAndTabActInTheAbortDialog() {
        var state = SampleState.main
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        _ = controller.handle(.character("a"), state: &state)
        #expect(controller.handle(.enter, state: &state) == [.resumeRun], "Enter on the highlighted Keep going")
        #expect(state.keyContext == .run)
        _ = controller.handle(.character("a"), state: &state)
        _ = controller.handle(.tab, state: &state)
        #expect(state.abortHighlighted)
        let screen = ConsoleRenderer().render(state, now: 2)
        let row = screen.lines.firstIndex { $0.contains("[ y Abort ]") }!
        let column = screen.lines[row].distance(
            from: screen.lines[row].startIndex,
            to: screen.lines[row].range(of: "[ y Abort ]")!.lowerBound)
        #expect(screen[column + 2, row].style.reverse, "Tab moved the highlight to Abort")
        #expect(controller.handle(.enter, state: &state) == [.cancelRun])
        #expect(state.run?.abortRequested == true)
    }

    /// The data browser on Post, whose rows could not be read.
    static func browserWithError(_ error: String) -> ConsoleState {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        browser.error = error
        state.browser = browser
        return state
    }

    @Test func rRefreshesTheBrowserOnAFreshSnapshot() {
        var state = Self.browserWithError("database is locked")
        #expect(controller.handle(.character("r"), state: &state) == [.refreshRows(entity: "Post", offset: 0)])
        #expect(state.browser?.error == nil)
    }

    @Test func aLockWhileBrowsingShowsTheErrorAndHowToRetry() {
        let state = Self.browserWithError("Posts.sqlite: database is locked")
        let text = ConsoleRenderer().render(state).text
        #expect(text.contains("Post: the rows cannot be read"))
        #expect(text.contains("Posts.sqlite: database is locked"))
        #expect(text.contains("r retries on a fresh snapshot"))
        #expect(!text.contains("loading rows"))
    }

}
