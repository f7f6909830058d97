/// A centred box with lines of text and a row of buttons, one highlighted.
package struct Dialog {
    /// The title in the border.
    package var title: String
    /// The message lines.
    package var lines: [StyledText]
    /// Button labels.
    package var buttons: [String]
    /// The highlighted button.
    package var selected: Int
    /// The border's style (danger for destructive questions).
    package var borderStyle: CellStyle
    /// The keys that answer it, in the bottom border, so a dialog names its own keys where the eye is.
    package var footer: String?

    /// Creates a dialog.
    package init(
        title: String, lines: [StyledText], buttons: [String], selected: Int,
        borderStyle: CellStyle = CellStyle(.accent, bold: true)
    ) {
        self.title = title
        self.lines = lines
        self.buttons = buttons
        self.selected = selected
        self.borderStyle = borderStyle
    }

    private var buttonText: String { buttons.map { "[ \($0) ]" }.joined(separator: "  ") }

    /// The dialog's box, centred in `area`.
    package func frame(in area: Rect) -> Rect {
        let contentWidth = max(
            TerminalWidth.of(buttonText), lines.map(\.width).max() ?? 0, TerminalWidth.of(title) + 4,
            footer.map { TerminalWidth.of($0) + 2 } ?? 0)
        return area.centered(width: min(area.width - 4, contentWidth + 4), height: lines.count + 5)
    }

    /// Where each button is drawn in `area`, for clicks.
    package func buttonFrames(in area: Rect) -> [Rect] {
        let rect = frame(in: area)
        var x = rect.x + max(2, (rect.width - TerminalWidth.of(buttonText)) / 2)
        return buttons.map { label in
            let width = TerminalWidth.of("[ \(label) ]")
            defer { x += width + 2 }
            return Rect(x: x, y: rect.maxY - 2, width: width, height: 1)
        }
    }

    /// Draws the dialog centred in `area`.
    package func draw(into buffer: inout ScreenBuffer, in area: Rect) {
        let rect = frame(in: area)
        buffer.fill(rect)
        buffer.box(rect, title: title, style: borderStyle, titleStyle: borderStyle)
        for (row, line) in lines.enumerated() {
            buffer.put(line, x: rect.x + 2, y: rect.y + 1 + row, limit: rect.maxX - 2)
        }
        for (index, (label, button)) in zip(buttons, buttonFrames(in: area)).enumerated() {
            let style = index == selected ? CellStyle(.accent, bold: true, reverse: true) : CellStyle(.normal)
            buffer.put("[ \(label) ]", x: button.x, y: button.y, style: style, limit: rect.maxX - 1)
        }
        if let footer, rect.width > 8 {
            let shown = " " + TerminalWidth.truncate(footer, to: rect.width - 6) + " "
            buffer.put(shown, x: rect.maxX - 2 - TerminalWidth.of(shown), y: rect.maxY - 1, style: .dim, limit: rect.maxX - 2)
        }
    }
}
