import Testing

@testable import ConsoleUI

/// Issue 13, item 3 (in part): a store opened without a model says what is missing and how to give it.
@Suite struct NoModelTests {
    @Test func withoutAModelTheConsoleSaysWhatIsMissing() {
        var state = ConsoleState(screen: .main)
        state.overview = SampleState.overview
        let screen = ConsoleRenderer().render(state).text
        #expect(screen.contains("no model loaded"))
        #expect(screen.contains("start again with"))
        #expect(!screen.contains("--model"), "the console names no command-line option")
        #expect(!screen.contains("no version matches the store"), "no version was compared")
        #expect(!screen.contains("choose a target"), "t cannot do anything without versions")
        #expect(screen.contains("nothing can be planned"))
        _ = ConsoleController().handle(.character("m"), state: &state)
        #expect(state.message?.hasPrefix("no model loaded, so nothing can be planned") == true)
        #expect(state.message?.contains("--model") == false)
    }
}
