import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, the mouse: a press focuses a pane, selects a row (again: opens it) and presses dialog buttons;
/// the wheel scrolls.
@Suite struct MouseTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static func press(_ x: Int, _ y: Int) -> Key { .mouse(MouseEvent(x: x, y: y, kind: .press)) }

    /// Where `text` is drawn on the rendered screen.
    func position(of text: String, in state: ConsoleState) throws -> (x: Int, y: Int) {
        let lines = renderer.render(state).lines
        let y = try #require(lines.firstIndex { $0.contains(text) }, "\(text) is on screen")
        let line = lines[y]
        return (line.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound), y)
    }

    @Test func aPressFocusesAPaneAndSelectsTheRowUnderIt() throws {
        var state = SampleState.main
        let tag = try position(of: "Tag ", in: state)
        #expect(controller.handle(Self.press(tag.x, tag.y), state: &state) == [])
        #expect(state.focus == .entities)
        #expect(state.cursor[.entities] == 1)
        let plan = try #require(state.layout.panes[.plan])
        _ = controller.handle(Self.press(plan.x + 5, plan.y + 3), state: &state)
        #expect(state.focus == .plan)
        let v2 = try position(of: "v2", in: state)
        _ = controller.handle(Self.press(v2.x, v2.y), state: &state)
        #expect(state.focus == .versions)
        #expect(state.selectedVersion?.name == "v2")
    }

    @Test func theWheelScrollsThePaneUnderThePointer() throws {
        var state = SampleState.main
        let store = try #require(state.layout.panes[.store])
        _ = controller.handle(.mouse(MouseEvent(x: store.x + 4, y: store.y + 4, kind: .wheelDown)), state: &state)
        #expect(state.focus == .store)
        #expect(state.cursor[.store] == MouseKeys.wheelStep)
        _ = controller.handle(.mouse(MouseEvent(x: store.x + 4, y: store.y + 4, kind: .wheelUp)), state: &state)
        #expect(state.cursor[.store] == 0)
    }

    @Test func dialogButtonsArePressedWhereTheyAreDrawn() throws {
        var state = SampleState.main
        state.confirm = .cancel
        let dryRun = try position(of: "[ Dry run ]", in: state)
        #expect(controller.handle(Self.press(dryRun.x + 3, dryRun.y), state: &state) == [.startRun(dryRun: true)])
        #expect(state.confirm == nil)
        state.confirm = .cancel
        _ = controller.handle(Self.press(0, 1), state: &state)
        #expect(state.confirm == .cancel, "a press beside the buttons does nothing")
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        state.confirm = nil
        state.abortPrompt = true
        let keepGoing = try position(of: "[ n Keep going ]", in: state)
        #expect(controller.handle(Self.press(keepGoing.x, keepGoing.y), state: &state) == [.resumeRun])
        #expect(!state.abortPrompt)
        state.abortPrompt = true
        let abort = try position(of: "[ y Abort ]", in: state)
        #expect(controller.handle(Self.press(abort.x + 2, abort.y), state: &state) == [.cancelRun])
    }

    @Test func aPressSelectsARowAndASecondOpensIt() throws {
        var state = BrowserQueryTests.browsing()
        let rust = try position(of: "rust", in: state)
        _ = controller.handle(Self.press(rust.x, rust.y), state: &state)
        #expect(state.browser?.selectedRow == 1)
        _ = controller.handle(Self.press(rust.x, rust.y), state: &state)
        #expect(state.keyContext == .record)
        #expect(state.browser?.records.last?.values[1] == .text("rust"))
        let post = try position(of: "post", in: state)
        _ = controller.handle(Self.press(post.x, post.y), state: &state)
        #expect(state.browser?.records.last?.field == 2)
        var picker = ConsoleState(screen: .picker)
        picker.picker = PickerState(
            root: "/r",
            candidates: ["a.sqlite", "b.sqlite"].map { StoreCandidate(relativePath: $0, path: "/r/" + $0, size: 1, walSize: nil) }
        )
        let second = try position(of: "b.sqlite", in: picker)
        #expect(controller.handle(Self.press(second.x, second.y), state: &picker) == [])
        #expect(controller.handle(Self.press(second.x, second.y), state: &picker) == [.pickStore("/r/b.sqlite")])
    }
}
