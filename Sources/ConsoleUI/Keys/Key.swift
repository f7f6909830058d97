/// A key press, decoded from the terminal.
package enum Key: Sendable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    /// The terminal changed size.
    case resize
    /// A click or a turn of the wheel.
    case mouse(MouseEvent)
    /// A printable character (also control characters such as Ctrl-L, as their scalar).
    case character(Character)

    /// A short label for help and the hint bar.
    package var label: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "Bksp"
        case .resize: "resize"
        case .mouse: "mouse"
        case .character(" "): "Space"
        case .character(let c): String(c)
        }
    }
}
