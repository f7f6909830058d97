import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 3: a locale that cannot draw Unicode gets ASCII, never blanks.
@Suite struct GlyphsTests {
    @Test func onlyUTF8LocalesGetUnicode() {
        #expect(Glyphs.forCodeset("UTF-8") == .unicode)
        #expect(Glyphs.forCodeset("utf8") == .unicode)
        #expect(Glyphs.forCodeset("ANSI_X3.4-1968") == .ascii, "LANG=C")
        #expect(Glyphs.forCodeset("ISO-8859-1") == .ascii)
        #expect(Glyphs.forCodeset("") == .ascii)
    }

    @Test func theMainScreenInASCIIKeepsBordersMarksAndWarnings() {
        let screen = ConsoleRenderer(glyphs: .ascii).render(SampleState.main)
        #expect(screen.text.allSatisfy { $0.isASCII })
        #expect(screen.lines[0] == " cdmigrate | Posts.sqlite | Posts.xcdatamodeld | at v1 > v3")
        #expect(screen.lines[1].hasPrefix("+- > Versions ----"))
        #expect(screen.text.contains("|   * v1"))
        #expect(screen.text.contains(" v Post AAAAv1hashPo~"))
        #expect(screen.text.contains("| * v1  store"))
        #expect(screen.text.contains("| | 2. inferred  ! LOSES DATA"))
        #expect(screen.text.contains("| v1 =mapping=> v2 -inferred> ! v3"), "the chain summary tops the plan")
        // Issue 35, item 10: the store's version and the model's current one are told apart without Unicode.
        #expect(screen.text.contains("| >   v3 +"))
        #expect(screen.text.contains("*store >target +current"))
        // The same state in Unicode: the layout is identical, only the glyphs differ.
        let unicode = ConsoleRenderer(glyphs: .unicode).render(SampleState.main)
        #expect(unicode.lines.map { $0.count } == screen.lines.map { $0.count })
    }

    @Test func nullReadsNULLAndBarsUseHashes() {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk", "note"], rows: [[.integer(1), .null], [.integer(2), .text("")]],
            offset: 0, totalRows: 2)
        state.browser = browser
        let browserLines = ConsoleRenderer(glyphs: .ascii).render(state).lines
        #expect(browserLines[4] == "   1  NULL")
        #expect(browserLines[5] == "   2")
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        let run = ConsoleRenderer(glyphs: .ascii).render(state, now: 2).lines
        #expect(run[5] == " | ########################  200,000/200,000 rows")
        #expect(run[8].hasPrefix(" | ######..................  50,000/200,000"))
    }

    @Test func wideDataStaysAlignedAsQuestionMarks() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("投a✓", x: 0, y: 0)
        #expect(Glyphs.ascii.apply(to: buffer).lines == ["? av"])
        #expect(Glyphs.unicode.apply(to: buffer) == buffer)
    }
}
