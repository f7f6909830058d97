import ConsoleUI
import Testing

/// Issue 35: the store picker narrows as a filter is typed after `/` (every word, any case, in the path);
/// Enter keeps the filter, Esc clears it; the selection, Enter and a click act on the stores listed.
@Suite("Console: the picker's filter, as you type")
struct PickerFilterTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static func picker() -> ConsoleState {
        var state = ConsoleState(screen: .picker)
        state.size = TerminalSize(width: 100, height: 24)
        state.picker = PickerState(
            root: "/d",
            candidates: [
                StoreCandidate(relativePath: "App/App.sqlite", path: "/d/App/App.sqlite", size: 1, walSize: nil),
                StoreCandidate(relativePath: "Notes/Notes.sqlite", path: "/d/Notes/Notes.sqlite", size: 1, walSize: nil),
                StoreCandidate(
                    relativePath: "Notes/old/Notes-1.sqlite", path: "/d/Notes/old/Notes-1.sqlite", size: 1, walSize: nil),
            ])
        return state
    }

    func type(_ text: String, _ state: inout ConsoleState) {
        for character in text { _ = controller.handle(.character(character), state: &state) }
    }

    @Test("Each key narrows the list; Enter keeps the filter and opens from the narrowed list")
    func narrowsAsTyped() {
        var state = Self.picker()
        _ = controller.handle(.character("/"), state: &state)
        #expect(state.keyContext == .pickerFilter)
        type("NOTES", &state)
        #expect(state.picker?.visible.map(\.relativePath) == ["Notes/Notes.sqlite", "Notes/old/Notes-1.sqlite"])
        type(" old", &state)
        #expect(state.picker?.visible.map(\.relativePath) == ["Notes/old/Notes-1.sqlite"])
        // `q` and `?` are typed, not acted on, while the filter is typed.
        _ = controller.handle(.backspace, state: &state)
        _ = controller.handle(.backspace, state: &state)
        _ = controller.handle(.backspace, state: &state)
        _ = controller.handle(.backspace, state: &state)
        #expect(state.picker?.visible.count == 2)
        #expect(controller.handle(.enter, state: &state).isEmpty)
        #expect(state.keyContext == .picker)
        #expect(state.picker?.filter == "NOTES")
        _ = controller.handle(.down, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.pickStore("/d/Notes/old/Notes-1.sqlite")])
    }

    @Test("Esc while typing drops the filter; in the list, Esc clears a kept filter first")
    func escapeClears() {
        var state = Self.picker()
        _ = controller.handle(.character("/"), state: &state)
        type("app", &state)
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .picker && state.picker?.visible.count == 3)
        _ = controller.handle(.character("/"), state: &state)
        type("notes", &state)
        _ = controller.handle(.enter, state: &state)
        _ = controller.handle(.escape, state: &state)
        #expect(state.picker?.filter == "" && state.picker?.visible.count == 3)
        #expect(state.screen == .picker)
    }

    @Test("The screen shows the matches, how many of how many, and the line being typed")
    func drawn() {
        var state = Self.picker()
        _ = controller.handle(.character("/"), state: &state)
        type("notes", &state)
        let text = renderer.render(state).text
        #expect(text.contains("Open a store — 2 of 3 found under /d match \"notes\""))
        #expect(text.contains("/ notes"))
        #expect(text.contains("Notes/old/Notes-1.sqlite") && !text.contains("App/App.sqlite"))
        type("zzz", &state)
        #expect(renderer.render(state).text.contains("No store's path holds \"noteszzz\" — Esc clears the filter"))
    }

    @Test("A selection past the narrowed list moves to its last store; a click picks from the list shown")
    func selectionFollows() {
        var state = Self.picker()
        _ = controller.handle(.down, state: &state)
        _ = controller.handle(.down, state: &state)
        _ = controller.handle(.character("/"), state: &state)
        type("app", &state)
        #expect(state.picker?.selected == 0)
        _ = controller.handle(.enter, state: &state)
        let body = state.layout.body
        let click = controller.handle(.mouse(MouseEvent(x: body.x + 3, y: body.y + 1, kind: .press)), state: &state)
        #expect(click == [.pickStore("/d/App/App.sqlite")])
    }
}
