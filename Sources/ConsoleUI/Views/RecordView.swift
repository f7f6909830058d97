/// The record view (Enter in the data browser): the selected row with every attribute in full, wrapped and
/// scrollable, where a table cell stops at 36 characters.
public enum RecordView {
    /// The row under the browser's selection, if its page is loaded.
    public static func selectedValues(_ browser: BrowserState) -> [BrowserValue]? {
        guard let page = browser.page else { return nil }
        let index = browser.selectedRow - page.offset
        return page.rows.indices.contains(index) ? page.rows[index] : nil
    }

    /// The view's lines for an inner width: each attribute's name, then its value in full, indented.
    public static func lines(_ browser: BrowserState, width: Int, null: String = Glyphs.unicode.null) -> [StyledText] {
        guard let page = browser.page, let values = selectedValues(browser) else {
            return [StyledText("the row is not loaded", style: .dim)]
        }
        var lines: [StyledText] = []
        for (index, column) in page.columns.enumerated() {
            let value = values.indices.contains(index) ? values[index] : .null
            lines.append(StyledText(column, style: CellStyle(.accent, bold: true)))
            let text = value == .null ? null : value.fullText
            let style = value == .null ? CellStyle.dim : .plain
            lines += TerminalWidth.wrap(text, to: max(10, width - 2)).map { StyledText("  " + $0, style: style) }
        }
        return lines
    }

    /// The width the lines are wrapped to in a body.
    static func frameWidth(_ body: Rect) -> Int { body.width - 3 }

    /// Draws the view over the body.
    public static func draw(_ browser: BrowserState, null: String, into buffer: inout ScreenBuffer, in body: Rect) {
        let total = browser.page.map { NumberText.grouped($0.totalRows) } ?? "?"
        let title = "\(browser.entity) — row \(NumberText.grouped(browser.selectedRow + 1)) of \(total) — Esc back"
        PaneFrame(
            title: title, focused: true, lines: lines(browser, width: frameWidth(body), null: null),
            scroll: browser.recordScroll
        )
        .draw(into: &buffer, in: body)
    }
}
