/// A mouse event in terminal cells: a press of the main button, or the wheel turned.
public struct MouseEvent: Sendable, Hashable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }

    /// What the mouse did.
    public enum Kind: Sendable, Hashable {
        /// The main button went down.
        case press
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down.
        case wheelDown
    }
}
