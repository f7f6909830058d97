import Foundation
import Testing

@testable import ConsoleUI

/// Issue 35, item 10: `:` opens a command palette of the commands the key help lists where the user is,
/// narrowed as words are typed; Enter runs the one selected as its key would. And a press on the focused
/// Plan pane does what Enter does there, as a press on a selected row does in the other panes.
@Suite struct PaletteTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static func main() -> ConsoleState {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        return state
    }

    func type(_ text: String, _ state: inout ConsoleState) {
        for character in text { _ = controller.handle(.character(character), state: &state) }
    }

    @Test func typedWordsNarrowTheCommandsAndEnterRunsTheSelectedOne() {
        var state = Self.main()
        _ = controller.handle(.character(":"), state: &state)
        #expect(state.keyContext == .palette)
        let all = state.palette?.commands(.standard).map(\.action) ?? []
        #expect(all.contains(.migrate) && all.contains(.setTarget) && all.contains(.quit) && !all.contains(.moveDown))
        #expect(renderer.render(state).text.contains("Commands — Main screen · Enter runs · Esc closes"))
        type("migrate target", &state)
        #expect(state.palette?.commands(.standard).map(\.action) == [.migrate])
        #expect(renderer.render(state).text.contains(":migrate target█"))
        _ = controller.handle(.enter, state: &state)
        #expect(state.palette == nil)
        #expect(state.confirm != nil, "the Migrate dialog, as m opens it")
    }

    @Test func arrowsSelectQIsTypedAndEscCloses() {
        var state = Self.main()
        _ = controller.handle(.character(":"), state: &state)
        type("q", &state)
        #expect(state.palette?.input.text == "q", "q is a letter typed, not quit")
        _ = controller.handle(.backspace, state: &state)
        type("history", &state)
        let commands = state.palette?.commands(.standard) ?? []
        #expect(commands.count >= 1)
        _ = controller.handle(.down, state: &state)
        #expect(state.palette?.selected == min(1, commands.count - 1))
        _ = controller.handle(.up, state: &state)
        #expect(state.palette?.selected == 0)
        _ = controller.handle(.escape, state: &state)
        #expect(state.palette == nil && state.keyContext == .panes && state.history == nil)
        _ = controller.handle(.character(":"), state: &state)
        type("no such words", &state)
        #expect(renderer.render(state).text.contains("no command holds these words"))
        _ = controller.handle(.enter, state: &state)
        #expect(state.message == "no command holds \"no such words\"")
    }

    @Test func theBrowsersCommandsRunInTheBrowser() {
        var state = BrowserQueryTests.browsing()
        state.size = TerminalSize(width: 100, height: 30)
        _ = controller.handle(.character(":"), state: &state)
        type("export", &state)
        #expect(state.palette?.commands(.standard).first?.action == .export)
        let effects = controller.handle(.enter, state: &state)
        #expect(state.browser?.exportPrompt != nil && state.keyContext == .export)
        #expect(effects.count == 1, "the free name is asked of an effect, as after e")
    }

    @Test func aPressOnTheFocusedPlanPaneDoesWhatEnterDoes() throws {
        var state = Self.main()
        let plan = try #require(state.layout.panes[.plan])
        let press = Key.mouse(MouseEvent(x: plan.x + 3, y: plan.y + 2, kind: .press))
        _ = controller.handle(press, state: &state)
        #expect(state.focus == .plan && state.confirm == nil, "the first press focuses the pane")
        _ = controller.handle(press, state: &state)
        #expect(state.confirm != nil, "the second opens the Migrate dialog, as Enter there does")
    }
}
