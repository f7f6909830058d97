/// A rectangle of cells, in columns and rows from the top-left corner of the screen.
package struct Rect: Sendable, Hashable {
    /// The leftmost column.
    package var x: Int
    /// The top row.
    package var y: Int
    /// Width in columns.
    package var width: Int
    /// Height in rows.
    package var height: Int

    /// Creates a rectangle; negative sizes are clamped to zero.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// One past the rightmost column.
    package var maxX: Int { x + width }
    /// One past the bottom row.
    package var maxY: Int { y + height }
    /// Whether the rectangle holds no cells.
    package var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at (x, y) is inside.
    package func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The rectangle shrunk by `by` cells on every side (the inside of a box).
    package func inset(_ by: Int) -> Rect {
        Rect(x: x + by, y: y + by, width: width - 2 * by, height: height - 2 * by)
    }

    /// A rectangle of the given size centred in this one, clamped to fit.
    package func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width)
        let ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// Splits off the top `rows` rows; returns (top, rest).
    package func splitTop(_ rows: Int) -> (Rect, Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// Splits off the left `columns` columns; returns (left, rest).
    package func splitLeft(_ columns: Int) -> (Rect, Rect) {
        let c = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }
}
