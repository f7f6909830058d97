/// A grid of styled cells that every view draws into.
///
/// The ncurses backend flushes a buffer to the terminal; tests read it back as text with ``text``.
/// Writes are clipped to the buffer (and to an optional clip rectangle), and wide characters are kept whole:
/// a wide character that does not fit is replaced by a space, and overwriting half of one blanks the other half.
package struct ScreenBuffer: Sendable, Hashable {
    /// Width in columns.
    package let width: Int
    /// Height in rows.
    package let height: Int
    private var cells: [Cell]

    /// Creates a blank buffer.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The whole buffer as a rectangle.
    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at a column and row (a blank cell outside the buffer).
    package subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// Writes text starting at (x, y) and returns the column after the last one written.
    ///
    /// Text is clipped at `limit` (an exclusive column, the buffer's width by default) and never wraps. Line
    /// breaks are left out; any other control character is drawn as its ``TerminalWidth/picture(of:)``.
    @discardableResult
    package mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        for original in text {
            if original == "\n" || original == "\r" { continue }
            let character = TerminalWidth.picture(of: original) ?? original
            let w = TerminalWidth.of(character)
            if w == 0 { continue }
            if column + w > end {
                if column < end, column >= 0 { setCell(Cell(" ", style: style), x: column, y: y) }
                return end
            }
            if column >= 0 {
                setCell(Cell(character, style: style), x: column, y: y)
                if w == 2 { setCell(Cell(" ", style: style, isContinuation: true), x: column + 1, y: y) }
            }
            column += w
        }
        return column
    }

    /// Sets the style of existing cells in a rectangle without changing their characters.
    package mutating func restyle(_ rect: Rect, _ transform: (CellStyle) -> CellStyle) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) {
                cells[y * width + x].style = transform(cells[y * width + x].style)
            }
        }
    }

    private mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let index = y * width + x
        // Keep wide characters whole: breaking either half blanks the other one.
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        if !cells[index].isContinuation, TerminalWidth.of(cells[index].character) == 2, x + 1 < width,
            !cell.isContinuation
        {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// The buffer with every character replaced by a one-column one (for an ASCII-only terminal); the right
    /// half of a wide character becomes a space.
    package func transliterated(_ transform: (Character) -> Character) -> ScreenBuffer {
        var copy = self
        copy.cells = cells.map { cell in
            Cell(cell.isContinuation ? " " : transform(cell.character), style: cell.style)
        }
        return copy
    }

    /// The buffer as plain text: one line per row, continuation cells omitted, trailing spaces removed.
    package var text: String {
        lines.joined(separator: "\n")
    }

    /// The rows as plain text, trailing spaces removed.
    package var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !cells[y * width + x].isContinuation {
                line.append(cells[y * width + x].character)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
