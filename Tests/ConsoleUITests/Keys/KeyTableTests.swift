import Testing

@testable import ConsoleUI

@Suite struct KeyTableTests {
    let table = KeyTable.standard

    @Test(arguments: KeyContext.allCases)
    func noKeyIsBoundTwiceInOneContext(_ context: KeyContext) {
        var seen: [Key: Action] = [:]
        for binding in table.bindings(in: context) {
            for key in binding.keys {
                #expect(
                    seen[key] == nil, "\(key) bound to \(seen[key].map { "\($0)" } ?? "") and \(binding.action) in \(context)")
                seen[key] = binding.action
            }
        }
    }

    @Test func arrowsAndViKeysMoveTheSameWay() {
        for context in [KeyContext.panes, .browser, .picker] {
            #expect(table.action(for: .up, in: context) == .moveUp)
            #expect(table.action(for: .character("k"), in: context) == .moveUp)
            #expect(table.action(for: .down, in: context) == .moveDown)
            #expect(table.action(for: .character("j"), in: context) == .moveDown)
        }
        #expect(table.action(for: .tab, in: .panes) == .nextPane)
        #expect(table.action(for: .escape, in: .browser) == .back)
        #expect(table.action(for: .character("q"), in: .panes) == .quit)
    }

    @Test func hintBarComesFromTheTable() {
        let hints = HintBar.text(for: .panes, keys: table).plainText
        #expect(hints == "↑↓/jk move  Tab/→/l pane  Enter open  t target  m migrate  ? help  q quit")
        for binding in table.bindings(in: .panes) where binding.inHintBar {
            #expect(hints.contains(binding.label + " " + binding.hint))
        }
        #expect(TerminalWidth.of(hints) <= 79, "the main screen's hints fit an 80-column terminal")
    }

    @Test func helpListsEveryBindingOfEveryContext() {
        let help = HelpOverlay.lines(for: .browser, keys: table).map(\.plainText)
        #expect(help.first == "Data browser (here)")
        for binding in table.bindings where binding.inHelp {
            #expect(help.contains { $0.contains(binding.help) }, "\(binding.action) missing from help")
        }
    }

    /// Issue 35, item 10: Ctrl-F/B page and Ctrl-D/U move half a page, as in less and vim, wherever lists scroll.
    @Test func controlKeysPageAndHalfPage() {
        for context in [KeyContext.panes, .browser, .record, .picker, .history, .help, .details] {
            #expect(table.action(for: .character("\u{06}"), in: context) == .pageDown)
            #expect(table.action(for: .character("\u{02}"), in: context) == .pageUp)
            #expect(table.action(for: .character("\u{04}"), in: context) == .halfPageDown)
            #expect(table.action(for: .character("\u{15}"), in: context) == .halfPageUp)
        }
        #expect(ListCursor.move(10, action: .halfPageDown, count: 100, page: 20) == 20)
        #expect(ListCursor.move(10, action: .halfPageUp, count: 100, page: 20) == 0)
        #expect(ListCursor.move(10, action: .halfPageDown, count: 100, page: 1) == 11, "at least one row")
        #expect(table.action(for: .character("\u{15}"), in: .filter) == nil, "while typing, Ctrl-U is the prompt's")
    }

    /// Issue 35, item 10: q over help or details closes them instead of quitting from under the overlay.
    @Test func qClosesHelpAndDetailsInsteadOfQuitting() {
        let controller = ConsoleController()
        var state = SampleState.main
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.showHelp)
        #expect(controller.handle(.character("q"), state: &state) == [])
        #expect(!state.showHelp)
        _ = controller.handle(.character("d"), state: &state)
        #expect(state.showDetails)
        #expect(controller.handle(.character("q"), state: &state) == [])
        #expect(!state.showDetails)
        #expect(controller.handle(.character("q"), state: &state) == [.quit], "with nothing over it, q quits")
    }
}
