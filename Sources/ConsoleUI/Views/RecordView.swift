/// The record view (Enter in the data browser): one object with every attribute in full, wrapped and
/// scrollable, where a table cell stops at 36 characters, then each to-many relationship with how many objects
/// it leads to and the first of them, one line each. ↑↓ select an attribute or a related object; Enter on a
/// relationship (`Tag #7`) opens the related object over this one, and Esc goes back one object at a time.
package enum RecordView {
    /// The row under the browser's selection, if its page is loaded.
    package static func selectedValues(_ browser: BrowserState) -> [BrowserValue]? {
        guard let page = browser.page else { return nil }
        let index = browser.selectedRow - page.offset
        return page.rows.indices.contains(index) ? page.rows[index] : nil
    }

    /// The record of the browser's selected row, if its page is loaded.
    package static func frame(selectedIn browser: BrowserState) -> RecordFrame? {
        guard let page = browser.page, let values = selectedValues(browser) else { return nil }
        return RecordFrame(
            entity: page.entity,
            origin: "row \(NumberText.grouped(browser.selectedRow + 1)) of \(NumberText.grouped(page.totalRows))",
            columns: page.columns, values: values)
    }

    /// The view's lines for an inner width, and the line where each attribute starts.
    package static func layout(_ record: RecordFrame, width: Int, null: String = Glyphs.unicode.null) -> (
        lines: [StyledText], starts: [Int]
    ) {
        var lines: [StyledText] = []
        var starts: [Int] = []
        for (index, column) in record.columns.enumerated() {
            starts.append(lines.count)
            let value = record.values.indices.contains(index) ? record.values[index] : .null
            var heading = StyledText(column, style: CellStyle(.accent, bold: true))
            if case .reference = value { heading.append("  Enter opens it", .dim) }
            lines.append(heading)
            let text = value == .null ? null : value.fullText
            let style = value == .null ? CellStyle.dim : .plain
            let wrapped =
                value.isBinary ? Self.cut(text, to: max(10, width - 2)) : TerminalWidth.wrap(text, to: max(10, width - 2))
            lines += wrapped.map { StyledText("  " + $0, style: style) }
        }
        for relation in record.relations {
            let count = relation.total == 1 ? "1 object" : "\(NumberText.grouped(relation.total)) objects"
            var heading = StyledText(relation.relationship, style: CellStyle(.accent, bold: true))
            heading.append("  \(count) (to-many)", .dim)
            lines.append(heading)
            if relation.total == 0 { lines.append(StyledText("  " + null, style: .dim)) }
            for target in relation.targets {
                starts.append(lines.count)
                var line = StyledText("  " + BrowserValue.reference(entity: target.entity, key: target.key).fullText)
                line.append("  Enter opens it", .dim)
                lines.append(line)
            }
            let unlisted = relation.total - relation.targets.count
            if unlisted > 0 {
                lines.append(StyledText("  … \(NumberText.grouped(unlisted)) more, not listed", style: .dim))
            }
        }
        return (lines, starts)
    }

    /// A hex dump's lines cut where they reach the width, their spacing (the gutter's columns) kept, which
    /// word wrapping would close up.
    private static func cut(_ text: String, to width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { TerminalWidth.hardWrap(String($0), to: width) }
    }

    /// The view's lines for an inner width.
    package static func lines(_ record: RecordFrame, width: Int, null: String = Glyphs.unicode.null) -> [StyledText] {
        layout(record, width: width, null: null).lines
    }

    /// The width the lines are wrapped to in a body.
    static func frameWidth(_ body: Rect) -> Int { body.width - 3 }

    /// Draws the top record over the body; the selected attribute's name is highlighted.
    package static func draw(_ browser: BrowserState, null: String, into buffer: inout ScreenBuffer, in body: Rect) {
        guard let record = browser.records.last else { return }
        let depth = browser.records.count > 1 ? " — \(browser.records.count - 1) back" : ""
        let title = "\(record.entity) — \(record.origin)\(depth) — Esc back"
        var (lines, starts) = layout(record, width: frameWidth(body), null: null)
        if starts.indices.contains(record.field) {
            let start = starts[record.field]
            lines[start] = StyledText(lines[start].plainText, style: CellStyle(.accent, bold: true, reverse: true))
        }
        PaneFrame(title: title, focused: true, lines: lines, scroll: record.scroll).draw(into: &buffer, in: body)
    }
}
