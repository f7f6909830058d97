/// A mouse event in terminal cells: a press of the main button, or the wheel turned.
package struct MouseEvent: Sendable, Hashable {
    /// The column.
    package var x: Int
    /// The row.
    package var y: Int
    /// What happened.
    package var kind: Kind

    /// Creates an event.
    package init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }

    /// What the mouse did.
    package enum Kind: Sendable, Hashable {
        /// The main button went down.
        case press
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down.
        case wheelDown
    }
}
