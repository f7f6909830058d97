import Foundation

/// `/` in a list or text that neither filters (the data browser filters its rows, the picker its stores):
/// the Versions, Entities, Store and Plan panes, the help and the details. The text is looked for as it is
/// typed, from where the selection was, and kept after Enter for `n` and `N`, as in less and vim.
package struct FindState: Sendable, Hashable {
    /// Where the text is looked for.
    package enum Place: Sendable, Hashable {
        /// A pane of the main screen: a list (Versions, Entities) or a text (Store, Plan).
        case pane(Pane)
        /// The help overlay.
        case help
        /// The details view.
        case details
    }

    /// The list or text searched: the one `/` was pressed in.
    package var place: Place
    /// The line being typed; nil once Enter has kept the text.
    package var input: LineEditor?
    /// The text kept for `n` and `N`.
    package var text = ""
    /// Where the selection (or the first line shown) was when `/` was pressed: Esc goes back there.
    package var origin: Int
    /// The line of the match shown, from which `n` and `N` go on; nil before one is found.
    package var line: Int?

    /// Starts typing a search in `place`, whose selection is at `origin`.
    package init(place: Place, origin: Int) {
        self.place = place
        self.origin = origin
        input = LineEditor("")
    }

    /// The text typed, or kept.
    package var pattern: String { input?.text ?? text }

    /// The first line of `lines` holding `pattern` (ignoring case), looking forwards or backwards from
    /// `start` (which counts) and going round the end; nil when no line holds it.
    package static func match(_ pattern: String, in lines: [String], from start: Int, forward: Bool) -> Int? {
        guard !pattern.isEmpty, !lines.isEmpty else { return nil }
        let count = lines.count
        for step in 0..<count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            if lines[index].range(of: pattern, options: .caseInsensitive) != nil { return index }
        }
        return nil
    }
}
