import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 35, item 10: `/` searches every list and text that does not filter (the Versions, Entities, Store
/// and Plan panes, the help, the details) with `n` and `N` for the next and previous match, as in less and
/// vim; in the picker, whose `/` filters, `n` and `N` step through the stores it keeps.
@Suite struct FindTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    /// The sample state with many versions, so that a match is far down the list.
    static func manyVersions() -> ConsoleState {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        state.versions = (1...40).map { VersionInfo(name: "Model \($0)", isCurrent: $0 == 40) }
        state.focus = .versions
        return state
    }

    func type(_ text: String, _ state: inout ConsoleState) {
        for character in text { _ = controller.handle(.character(character), state: &state) }
    }

    @Test func slashSelectsTheFirstMatchAsItIsTypedAndNAndShiftNGoOn() {
        var state = Self.manyVersions()
        state.cursor[.versions] = 5
        _ = controller.handle(.character("/"), state: &state)
        #expect(state.keyContext == .find)
        type("model 3", &state)
        // From the selection (Model 6) on: Model 30 is the first match, then 31…39, then round to Model 3.
        #expect(state.cursor[.versions] == 29)
        #expect(renderer.render(state).lines[28].hasPrefix("/model 3█  Enter keeps · Esc goes back"))
        _ = controller.handle(.enter, state: &state)
        #expect(state.keyContext == .panes && state.find?.text == "model 3")
        _ = controller.handle(.character("n"), state: &state)
        #expect(state.cursor[.versions] == 30)
        for _ in 0..<9 { _ = controller.handle(.character("n"), state: &state) }
        #expect(state.cursor[.versions] == 2, "round the end to Model 3")
        #expect(state.message == "search went round the end")
        _ = controller.handle(.character("N"), state: &state)
        #expect(state.cursor[.versions] == 38, "N goes back round the start, to Model 39")
        #expect(state.seedPrompt == nil, "N is the previous match while a search is kept, not seed")
        _ = controller.handle(.escape, state: &state)
        #expect(state.find == nil)
    }

    @Test func escWhileTypingGoesBackToTheSelection() {
        var state = Self.manyVersions()
        state.cursor[.versions] = 5
        _ = controller.handle(.character("/"), state: &state)
        type("Model 2", &state)
        #expect(state.cursor[.versions] == 19)
        type("x", &state)
        #expect(state.cursor[.versions] == 5, "no match: the selection is back where it was")
        #expect(renderer.render(state).lines[28].contains("no match"))
        _ = controller.handle(.backspace, state: &state)
        _ = controller.handle(.escape, state: &state)
        #expect(state.find == nil && state.cursor[.versions] == 5 && state.keyContext == .panes)
    }

    @Test func theEntitiesAndPlanPanesAreSearched() {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        state.focus = .entities
        _ = controller.handle(.character("/"), state: &state)
        type("tag", &state)
        _ = controller.handle(.enter, state: &state)
        #expect(state.cursor[.entities] == 1)
        // The plan is a text: the matching line is scrolled to the top, as far as the text's end allows.
        state.focus = .plan
        let lines = FindKeys.lines(.pane(.plan), state, keys: .standard)
        let target = lines.firstIndex { $0.contains("hexColor") }
        #expect(target != nil)
        _ = controller.handle(.character("/"), state: &state)
        type("hexcolor", &state)
        let visible = state.layout.innerHeight(of: .plan)
        #expect(state.cursor[.plan] == min(target ?? -1, max(0, lines.count - visible)))
        #expect(state.find?.line == target)
    }

    @Test func helpAndDetailsAreSearched() {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        _ = controller.handle(.character("?"), state: &state)
        _ = controller.handle(.character("/"), state: &state)
        #expect(state.keyContext == .find)
        type("zoom", &state)
        _ = controller.handle(.enter, state: &state)
        #expect(state.keyContext == .help)
        let lines = FindKeys.lines(.help, state, keys: .standard)
        let first = lines.firstIndex { $0.lowercased().contains("zoom") } ?? -1
        #expect(state.find?.line == first && state.helpScroll > 0)
        #expect(renderer.render(state).text.contains("Zoom: the focused pane"))
        _ = controller.handle(.character("n"), state: &state)
        let second = lines.indices.first { $0 > first && lines[$0].lowercased().contains("zoom") } ?? first
        #expect(state.find?.line == second)
        _ = controller.handle(.character("q"), state: &state)

        state.message = "a fictitious message"
        state.message = "a later message about lost attributes"
        _ = controller.handle(.character("d"), state: &state)
        _ = controller.handle(.character("/"), state: &state)
        type("FICTITIOUS", &state)
        let details = FindKeys.lines(.details, state, keys: .standard)
        #expect(state.find?.line == details.firstIndex { $0.contains("a fictitious message") })
    }

    @Test func nWithoutASearchSaysWhatToDo() {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        _ = controller.handle(.character("n"), state: &state)
        #expect(state.message?.hasPrefix("/ first") == true)
        _ = controller.handle(.character("N"), state: &state)
        #expect(state.seedPrompt != nil, "without a search N seeds, as before")
    }

    @Test func nAndShiftNStepThroughThePickersStores() {
        var state = ConsoleState(screen: .picker)
        state.size = TerminalSize(width: 100, height: 30)
        state.picker = PickerState(
            root: "/s",
            candidates: ["a.sqlite", "b.sqlite", "c.sqlite"].map {
                StoreCandidate(relativePath: $0, path: "/s/" + $0, size: 1, walSize: nil)
            })
        _ = controller.handle(.character("n"), state: &state)
        #expect(state.picker?.selected == 1)
        _ = controller.handle(.character("N"), state: &state)
        _ = controller.handle(.character("N"), state: &state)
        #expect(state.picker?.selected == 2, "round the start")
    }
}
