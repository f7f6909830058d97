/// One terminal cell: a character and its style.
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the character, the second is a
/// continuation cell that the backend skips and text rendering omits.
package struct Cell: Sendable, Hashable {
    /// The character shown, a space for an empty cell.
    package var character: Character
    /// How the cell is drawn.
    package var style: CellStyle
    /// Whether this cell is the right half of the wide character to its left.
    package var isContinuation: Bool

    /// Creates a cell.
    package init(_ character: Character = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    /// An empty cell in the default style.
    package static let blank = Cell()
}
