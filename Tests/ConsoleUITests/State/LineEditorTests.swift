import Testing

@testable import ConsoleUI

/// Issue 35, item 3: the filter and export prompts edit as readline does (Ctrl-U, Ctrl-W and ← → used to be
/// typed in as ␕, ␗ and nothing).
@Suite struct LineEditorTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    private func typed(_ keys: [Key], from text: String = "") -> LineEditor {
        var line = LineEditor(text)
        for key in keys {
            let edited = line.edit(key)
            #expect(edited, "\(key) is an editing key")
        }
        return line
    }

    @Test func cursorMovesAndTypingInsertsAtIt() {
        var line = typed([.left, .left, .character("X"), .home, .character("<"), .end, .character(">")], from: "abcd")
        #expect(line.text == "<abXcd>")
        #expect(line.cursor == 7)
        line = typed([.character("\u{01}"), .right, .character("-"), .character("\u{05}"), .character("!")], from: "ab")
        #expect(line.text == "a-b!", "Ctrl-A and Ctrl-E go to either end")
        #expect(typed([.left, .left, .left, .left, .left, .right], from: "ab").cursor == 1, "the cursor stays in the line")
    }

    @Test func backspaceCtrlUCtrlWAndCtrlKEraseAroundTheCursor() {
        #expect(typed([.left, .backspace], from: "abc").text == "ac")
        #expect(typed([.home, .backspace], from: "abc").text == "abc")
        #expect(typed([.left, .left, .character("\u{15}")], from: "title == 3").text == " 3")
        #expect(typed([.character("\u{17}")], from: "author.name BEGINSWITH  ").text == "author.name ")
        #expect(typed([.character("\u{17}"), .character("\u{17}")], from: "a bc de").text == "a ")
        #expect(typed([.home, .right, .character("\u{0B}")], from: "abc").text == "a")
        let line = typed([.character("\u{07}"), .character("\u{1B}")], from: "ab")
        #expect(line.text == "ab", "other control characters are not typed")
        var other = LineEditor("x")
        let answered = [Key.enter, .escape, .up, .tab].filter { other.edit($0) }
        #expect(answered.isEmpty, "the prompt answers Enter, Esc, ↑ and Tab itself")
    }

    @Test func theFilterPromptEditsAndShowsTheCursorOnTheScreen() {
        var state = BrowserQueryTests.browsing()
        _ = controller.handle(.character("/"), state: &state)
        for character in "rust xyz" { _ = controller.handle(.character(character), state: &state) }
        _ = controller.handle(.character("\u{17}"), state: &state)
        _ = controller.handle(.character("\u{15}"), state: &state)
        for character in "swft" { _ = controller.handle(.character(character), state: &state) }
        _ = controller.handle(.left, state: &state)
        _ = controller.handle(.left, state: &state)
        _ = controller.handle(.character("i"), state: &state)
        #expect(state.browser?.filterInput?.text == "swift")
        let buffer = renderer.render(state)
        #expect(buffer.lines[2].hasPrefix(" / swift  Enter keeps it"), "no ␕ or ␗, and no block inside the text")
        let cursor = buffer[6, 2]
        #expect(cursor.character == "f" && cursor.style.reverse, "the character under the cursor is in reverse video")
        #expect(!buffer[5, 2].style.reverse)
        #expect(controller.handle(.enter, state: &state) == [], "the filter applied as it was typed")
        #expect(state.browser?.query.search == "swift")
    }

    @Test func theExportPathEditsAndAChangedPathIsANewQuestion() {
        var state = BrowserQueryTests.browsing()
        state.browser?.exportPrompt = ExportPrompt(entity: "Tag")
        state.browser?.exportPrompt?.line = LineEditor("/tmp/none/Tag.json")
        state.browser?.exportPrompt?.confirmingOverwrite = true
        _ = controller.handle(.left, state: &state)
        #expect(state.browser?.exportPrompt?.confirmingOverwrite == true, "moving the cursor changes nothing")
        _ = controller.handle(.character("\u{15}"), state: &state)
        for character in "~/Tags.csv" { _ = controller.handle(.character(character), state: &state) }
        #expect(state.browser?.exportPrompt?.path == "~/Tags.csvn")
        #expect(state.browser?.exportPrompt?.confirmingOverwrite == false)
    }
}
