/// A bordered pane with a title, scrolled lines, and an optional selected line.
///
/// The focused pane's border and title are drawn in the accent colour so focus is visible without colour too
/// (the title is bold and marked with `▸`).
package struct PaneFrame {
    /// The title in the top border.
    package var title: String
    /// Whether the pane has keyboard focus.
    package var focused: Bool
    /// The content lines.
    package var lines: [StyledText]
    /// The selected line, for list panes; `nil` for panes that only scroll.
    package var selection: Int?
    /// The first line shown, for panes that only scroll.
    package var scroll: Int

    /// Creates a pane.
    package init(title: String, focused: Bool, lines: [StyledText], selection: Int? = nil, scroll: Int = 0) {
        self.title = title
        self.focused = focused
        self.lines = lines
        self.selection = selection
        self.scroll = scroll
    }

    /// The first line shown so that the selection (or the scroll position) is visible.
    package static func firstVisible(selection: Int, count: Int, visible: Int) -> Int {
        guard visible > 0 else { return 0 }
        let clamped = max(0, min(selection, max(0, count - 1)))
        return clamped < visible ? 0 : clamped - visible + 1
    }

    /// Draws the pane into a rectangle of the buffer.
    package func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        guard rect.width >= 4, rect.height >= 3 else { return }
        buffer.fill(rect)
        let border = focused ? CellStyle(.accent, bold: true) : CellStyle.dim
        buffer.box(
            rect, title: (focused ? "▸ " : "") + title, style: border,
            titleStyle: focused ? CellStyle(.accent, bold: true) : CellStyle(.normal, bold: true))
        let inner = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        let top: Int
        if let selection {
            top = Self.firstVisible(selection: selection, count: lines.count, visible: inner.height)
        } else {
            top = max(0, min(scroll, lines.count - inner.height))
        }
        for row in 0..<inner.height where top + row < lines.count {
            let index = top + row
            let y = inner.y + row
            buffer.put(lines[index], x: inner.x + 1, y: y, limit: inner.maxX)
            if index == selection {
                let style = focused ? CellStyle.selected : CellStyle(.normal, reverse: true)
                buffer.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { old in
                    var new = style
                    new.bold = old.bold
                    return new
                }
            }
        }
        if lines.count > inner.height {
            let more = "\(top + 1)-\(min(lines.count, top + inner.height))/\(lines.count)"
            buffer.put(" " + more + " ", x: rect.maxX - TerminalWidth.of(more) - 4, y: rect.maxY - 1, style: .dim)
        }
    }
}
