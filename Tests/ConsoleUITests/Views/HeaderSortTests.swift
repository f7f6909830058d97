import Foundation
import Testing

@testable import ConsoleUI

/// Issue 35, item 4: a press on a column's heading in the data browser sorts by that column, as `s` does on
/// the first one shown: ascending, descending, then key order again; on the key column, key order.
@Suite struct HeaderSortTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    /// Where the heading `title` is drawn on screen.
    func heading(_ title: String, _ state: ConsoleState) throws -> (x: Int, y: Int) {
        let lines = renderer.render(state).lines
        let y = try #require(lines.firstIndex { $0.contains(" pk ") && $0.contains(title) })
        let column = try #require(lines[y].range(of: title))
        return (lines[y].distance(from: lines[y].startIndex, to: column.lowerBound) + 1, y)
    }

    func press(_ point: (x: Int, y: Int), _ state: inout ConsoleState) -> [ConsoleEffect] {
        controller.handle(.mouse(MouseEvent(x: point.x, y: point.y, kind: .press)), state: &state)
    }

    @Test func aPressOnAHeadingSortsByItsColumn() throws {
        var state = BrowserQueryTests.browsing(columns: 5)
        state.size = TerminalSize(width: 120, height: 30)
        let post = try heading("post", state)
        #expect(press(post, &state) == [.loadRows(entity: "Tag", offset: 0)])
        #expect(state.browser?.query.sortColumn == "ZPOST" && state.browser?.query.descending == false)
        state.browser?.page = BrowserQueryTests.browsing(columns: 5).browser?.page
        _ = press(try heading("post ↑", state), &state)
        #expect(state.browser?.query.descending == true)
        state.browser?.page = BrowserQueryTests.browsing(columns: 5).browser?.page
        _ = press(try heading("post ↓", state), &state)
        #expect(state.browser?.query.sortColumn == nil, "then key order again")

        state.browser?.page = BrowserQueryTests.browsing(columns: 5).browser?.page
        _ = press(try heading("extra1", state), &state)
        #expect(state.browser?.query.sortColumn == "ZEXTRA1")
        state.browser?.page = BrowserQueryTests.browsing(columns: 5).browser?.page
        let key = try heading("pk", state)
        _ = press((key.x, key.y), &state)
        #expect(state.browser?.query.sortColumn == nil, "the key column: key order")
        #expect(state.browser?.selectedRow == 0)
    }

    @Test func aPressOnARowStillSelectsIt() throws {
        var state = BrowserQueryTests.browsing()
        state.size = TerminalSize(width: 100, height: 30)
        let name = try heading("name", state)
        #expect(press((name.x, name.y + 2), &state) == [])
        #expect(state.browser?.selectedRow == 1 && state.browser?.query.sortColumn == nil)
    }
}
