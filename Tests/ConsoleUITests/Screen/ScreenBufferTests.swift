import Testing

@testable import ConsoleUI

@Suite struct ScreenBufferTests {
    @Test func writesAndClipsText() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let end = buffer.put("hello world", x: 2, y: 0)
        #expect(end == 10)
        #expect(buffer.lines == ["  hello wo", ""])
    }

    @Test func wideCharactersTakeTwoCellsAndStayWhole() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.put("日本", x: 0, y: 0) == 4)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer.text == "日本")
        // Overwriting the right half of 本 blanks its left half.
        buffer.put("x", x: 3, y: 0)
        #expect(buffer.text == "日 x")
        // A wide character that does not fit at the edge becomes a space.
        buffer.put("ab語", x: 3, y: 0)
        #expect(buffer.text == "日 ab")
    }

    @Test func controlCharactersFromAStoreAreShownAsTheirPicturesNeverSent() {
        // A NUL inside a value is shown, not dropped; an escape sequence cannot reach the terminal.
        var buffer = ScreenBuffer(width: 20, height: 1)
        let text = "a\u{0}b\u{1B}[2Jc\u{7F}\u{85}"
        #expect(buffer.put(text, x: 0, y: 0) == TerminalWidth.of(text))
        #expect(buffer.text == "a␀b␛[2Jc␡\u{FFFD}")
        #expect(!buffer.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(TerminalWidth.picture(of: "x") == nil)
    }

    @Test func widthOfMixedText() {
        #expect(TerminalWidth.of("Café") == 4)
        #expect(TerminalWidth.of("e\u{301}") == 1)
        #expect(TerminalWidth.of("📦 box") == 6)
        #expect(TerminalWidth.of("한국어") == 6)
        #expect(TerminalWidth.fit("日本語テキスト", to: 7) == "日本語…")
        #expect(TerminalWidth.fit("ab", to: 4, alignRight: true) == "  ab")
    }

    @Test func boxWithTitle() {
        var buffer = ScreenBuffer(width: 12, height: 3)
        buffer.box(buffer.bounds, title: "Store")
        #expect(buffer.text == "┌─ Store ──┐\n│          │\n└──────────┘")
    }

    @Test func stylesAreKeptPerCell() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.put("ab", x: 0, y: 0, style: .danger)
        #expect(buffer[0, 0].style == .danger)
        #expect(buffer[2, 0].style == .plain)
    }
}
