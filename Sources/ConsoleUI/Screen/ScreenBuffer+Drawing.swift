/// Shapes built from ``ScreenBuffer/put(_:x:y:style:limit:)``: filled areas, boxes, horizontal rules.
extension ScreenBuffer {
    /// Fills a rectangle with one character.
    package mutating func fill(_ rect: Rect, with character: Character = " ", style: CellStyle = .plain) {
        let line = String(repeating: String(character), count: max(0, rect.width / max(1, TerminalWidth.of(character))))
        for y in rect.y..<rect.maxY {
            put(line, x: rect.x, y: y, style: style, limit: rect.maxX)
        }
    }

    /// Draws a single-line box around a rectangle, with an optional title in its top edge.
    package mutating func box(_ rect: Rect, title: String? = nil, style: CellStyle = .dim, titleStyle: CellStyle = .title) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style, limit: rect.maxX)
        put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: style, limit: rect.maxX)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            put("│", x: rect.x, y: y, style: style)
            put("│", x: rect.maxX - 1, y: y, style: style)
        }
        if let title, rect.width > 6 {
            put(
                " " + TerminalWidth.truncate(title, to: rect.width - 6) + " ", x: rect.x + 2, y: rect.y,
                style: titleStyle, limit: rect.maxX - 2)
        }
    }

    /// Writes text into a row of a rectangle, clipped to the rectangle's width and padded to fill it.
    package mutating func line(_ text: String, in rect: Rect, row: Int, style: CellStyle = .plain) {
        guard row >= 0, row < rect.height else { return }
        put(TerminalWidth.fit(text, to: rect.width), x: rect.x, y: rect.y + row, style: style, limit: rect.maxX)
    }
}
