/// The `:` command palette: the commands the key help lists where the user is, narrowed as a line is typed;
/// Enter runs the one selected, as its key would.
package struct PaletteState: Sendable, Hashable {
    /// Where the palette was opened: the commands are that context's, and run there.
    package var context: KeyContext
    /// The words typed.
    package var input = LineEditor("")
    /// The selected command among those listed.
    package var selected = 0

    /// Opens the palette over `context`.
    package init(context: KeyContext) {
        self.context = context
    }

    /// Actions that move or edit rather than do something: the palette leaves them to their keys.
    static let notCommands: Set<Action> = [
        .moveUp, .moveDown, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .top, .bottom, .scrollLeft, .scrollRight,
        .nextPane, .previousPane, .erase, .palette,
    ]

    /// The commands of the context the palette is over, in the help's order, that hold every word typed (in
    /// their keys, hint or help, ignoring case).
    package func commands(_ keys: KeyTable) -> [KeyBinding] {
        let words = input.text.lowercased().split(separator: " ")
        return keys.bindings(in: context).filter { binding in
            guard binding.inHelp, !Self.notCommands.contains(binding.action) else { return false }
            let text = "\(binding.label) \(binding.hint) \(binding.help)".lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }
}
