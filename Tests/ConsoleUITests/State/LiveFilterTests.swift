import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 3: the browser's filter applies as it is typed, off the UI thread (a newer text stops and
/// replaces the read of the older one), and the matched text is marked in the cells shown.
@Suite struct LiveFilterTests {
    /// Where `text` starts on the line of the buffer that holds it (every character before is one column).
    /// With `last`, only where it ends its line (the last column's value, its padding trimmed).
    static func cell(of text: String, in buffer: ScreenBuffer, last: Bool = false) -> (x: Int, y: Int)? {
        for (y, line) in buffer.lines.enumerated() {
            guard let range = line.range(of: text), !last || range.upperBound == line.endIndex else { continue }
            return (line.distance(from: line.startIndex, to: range.lowerBound), y)
        }
        return nil
    }

    @Test func theFilterAppliesAsItIsTypedAndMarksWhatItMatched() throws {
        let (app, _) = try BrowserExportTests.browsing()
        app.press(.character("/"))
        for character in "entry 1" { app.press(.character(character)) }
        #expect(app.state.keyContext == .filter, "still typing")
        #expect(app.state.browser?.query.search == "entry 1")
        // Entry 1 and Entry 10…19 of the 30.
        #expect(app.state.browser?.page?.totalRows == 11)
        let buffer = ConsoleRenderer().render(app.state)
        #expect(buffer.text.contains("rows 1–11 of 11  matching \"entry 1\""), "\(buffer.text)")
        // Entry 12's row: "Entry 1" marked, case aside, the "2" after it not.
        let twelve = try #require(Self.cell(of: "Entry 12", in: buffer))
        for x in twelve.x..<twelve.x + 7 { #expect(buffer[x, twelve.y].style == .match, "column \(x)") }
        #expect(buffer[twelve.x + 7, twelve.y].style != .match)
        #expect(buffer[twelve.x - 1, twelve.y].style != .match)
        // On the selected row (reverse video) the match is drawn the other way round.
        let first = try #require(Self.cell(of: "Entry 1", in: buffer, last: true), "\(buffer.text)")
        #expect(buffer[first.x, first.y].style == CellStyle(.warning, bold: true))
        #expect(buffer[first.x + 7, first.y].style == .selected)
        // Erasing the last character widens the rows again, still before Enter.
        app.press(.backspace)
        #expect(app.state.browser?.page?.totalRows == 30)
        app.press(.character("1"))
        #expect(app.send(.key(.enter)) == [], "Enter keeps the filter applied as it was typed")
        #expect(app.state.keyContext == .browser)
        #expect(app.state.browser?.page?.totalRows == 11)
    }

    /// The filter matches the text each cell shows, as the engine spells it, not the value stored: a to-one
    /// as `Author #2` (stored `2`), a date to the second (stored seconds since 2001), from its year or from
    /// its middle, a Boolean as `yes`. Each is marked where its cell shows it.
    @Test func theFilterMatchesWhatIsShownNotWhatIsStored() throws {
        let (app, _) = try BrowserExportTests.browsing()
        // Entry n is by author (n - 1) % 3 + 1, created 700000000 + n seconds after 2001 (2023-03-08 20:26:40
        // + n), a favorite when n is odd.
        for (typed, rows) in [
            ("Author #2", 10), ("author #2", 10), ("2023-03-08 20:27", 11), ("2023-03-08 20:27:0", 10), ("20:26:5", 10),
            ("yes", 15), ("2023", 30), ("2024", 0), ("2023-03-08", 30), ("2023-03", 30), ("08 20:2", 30),
        ] {
            app.press(.character("/"))
            app.press(.character("\u{15}"))
            for character in typed { app.press(.character(character)) }
            #expect(app.state.browser?.page?.totalRows == rows, "\(typed)")
            let buffer = ConsoleRenderer().render(app.state)
            if rows > 0 {
                #expect(buffer.text.contains("of \(rows)  matching \"\(typed)\""), "\(typed): \(buffer.text)")
                // The match is marked where a cell shows it (the first row is drawn selected, so look lower).
                let marked = buffer.lines.indices.contains { y in
                    (0..<buffer.width).contains { buffer[$0, y].style == .match }
                }
                #expect(marked, "\(typed) is marked in a cell: \(buffer.text)")
            }
            app.press(.enter)
        }
        // The author's cell holds the mark: "Author #2" on the second row.
        app.press(.character("/"))
        app.press(.character("\u{15}"))
        for character in "Author #2" { app.press(.character(character)) }
        let buffer = ConsoleRenderer().render(app.state)
        // The rows' lines, not the heading's or the prompt's.
        let lines = buffer.lines.enumerated().filter {
            $0.element.contains("Author #2") && !$0.element.contains("matching") && !$0.element.contains("Enter keeps")
        }.map(\.offset)
        #expect(lines.count == 10, "\(buffer.text)")
        let second = try #require(lines.dropFirst().first)
        let x = try #require(buffer.lines[second].range(of: "Author #2")).lowerBound
        let column = buffer.lines[second].distance(from: buffer.lines[second].startIndex, to: x)
        for offset in 0..<9 { #expect(buffer[column + offset, second].style == .match) }
    }

    @Test func escWhileTypingGoesBackToTheRowsShownBefore() throws {
        let (app, _) = try BrowserExportTests.browsing()
        for key in [.character("/")] + "entry 1".map(Key.character) + [.enter] { app.press(key) }
        #expect(app.state.browser?.page?.totalRows == 11)
        app.press(.character("/"))
        app.press(.character("0"))
        #expect(app.state.browser?.query.search == "entry 10")
        #expect(app.state.browser?.page?.totalRows == 1)
        app.press(.escape)
        #expect(app.state.keyContext == .browser)
        #expect(app.state.browser?.query.search == "entry 1", "the filter kept before / again")
        #expect(app.state.browser?.page?.totalRows == 11)
    }

    /// The console draws and answers keys while a filter is read: the rows before stay, marked as being
    /// filtered; the read of a text typed further replaces the one before, which is stopped and dropped.
    @Test func aFilterTypedFurtherStopsTheReadBefore() throws {
        let (app, store) = try BrowserExportTests.browsing()
        let held = DeferredWork()
        app.workMode = .deferred(held)
        app.press(.character("/"))
        app.press(.character("2"))
        #expect(app.state.browser?.reading == true)
        var screen = BrowserExportTests.screen(app)
        #expect(screen.contains("rows 1–"), "the rows before stay on screen: \(screen)")
        #expect(screen.contains("of 30  matching \"2\""), "\(screen)")
        #expect(screen.contains("filtering…"))
        app.press(.character("9"))
        #expect(app.state.browser?.filterInput?.text == "29", "keys are answered while the rows are read")
        #expect(held.runAll() == 2)
        #expect(app.actions.count == 2, "both reads sent what they got")
        let taken = app.receive()
        guard case .rowsRead(_, .success(let page))? = taken else {
            Issue.record("expected the page of \"29\", got \(String(describing: taken))")
            return
        }
        #expect(app.receive() == nil, "the read of \"2\" was dropped")
        let expected = try EngineDataSource(modelPath: JournalFixture.modelPath)
            .rows(storePath: store, entity: "Entry", offset: 0, limit: 50, query: RowQuery(search: "29"))
        #expect(page.totalRows == expected.totalRows)
        #expect(app.state.browser?.page?.totalRows == expected.totalRows)
        #expect(app.state.browser?.reading == false && app.state.browser?.error == nil)
        screen = BrowserExportTests.screen(app)
        #expect(!screen.contains("filtering…"))
    }

    @Test func aQueryFailingMidwayShowsWhyUnderTheLineTyped() throws {
        let (app, _) = try BrowserExportTests.browsing()
        app.press(.character("/"))
        for character in #"mood CONTAINS "x""# { app.press(.character(character)) }
        #expect(app.state.keyContext == .filter)
        let screen = BrowserExportTests.screen(app)
        #expect(screen.contains(#"/ mood CONTAINS "x""#), "\(screen)")
        #expect(screen.contains("the rows cannot be read"))
        #expect(screen.contains("type on, or Esc goes back"))
        app.press(.escape)
        #expect(app.state.browser?.error == nil && app.state.browser?.page?.totalRows == 30)
    }
}
