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
}
