/// The read-only data browser: one page of an entity's rows, columns sized to their contents, the key column
/// frozen on the left and the others scrolled sideways, with `◂` `▸` where columns are out of view.
package enum DataBrowserView {
    /// The widest a column gets before its values are cut with `…`.
    package static let maxColumnWidth = 36

    /// Column widths for a page: the widest of heading and values, at most `cap`; `null` is how NULL is shown
    /// and the `sorted` column's heading has room for its arrow.
    package static func columnWidths(
        _ page: BrowserPage, null: String = Glyphs.unicode.null, sorted: Int? = nil, cap: Int = maxColumnWidth
    ) -> [Int] {
        page.columns.enumerated().map { index, name in
            let values = page.rows.map { TerminalWidth.of($0.indices.contains(index) ? text($0[index], null: null) : "") }
            return min(cap, max(3, TerminalWidth.of(name) + (index == sorted ? 2 : 0), values.max() ?? 0))
        }
    }

    /// `widths` with the room the shown `columns` leave in `width` handed out a column at a time to those cut
    /// short of what their values need (`natural`), so a long value is cut only when the screen is full.
    package static func spread(_ widths: [Int], natural: [Int], columns: [Int], width: Int) -> [Int] {
        var widths = widths
        var spare = width - columns.reduce(-2) { $0 + 2 + widths[$1] }
        var wanting = columns.filter { widths[$0] < natural[$0] }
        while spare > 0, !wanting.isEmpty {
            for column in wanting where spare > 0 {
                widths[column] += 1
                spare -= 1
            }
            wanting.removeAll { widths[$0] >= natural[$0] }
        }
        return widths
    }

    /// Which columns fit in a width: the key column, then columns from `offset` onwards; the last one shown
    /// may be cut (its values end in `…`), and unless every column fits two columns are kept for the `◂` `▸`.
    package static func visibleColumns(widths: [Int], offset: Int, width: Int) -> [Int] {
        guard !widths.isEmpty else { return [] }
        let all = [0] + Array(max(1, offset + 1)..<max(max(1, offset + 1), widths.count))
        if offset == 0, all.dropFirst().reduce(widths[0], { $0 + 2 + widths[$1] }) <= width { return all }
        return fitting(widths: widths, offset: offset, width: width - 2)
    }

    private static func fitting(widths: [Int], offset: Int, width: Int) -> [Int] {
        var shown = [0]
        var used = widths[0]
        var index = max(1, offset + 1)
        while index < widths.count, used + 2 + min(widths[index], 6) <= width {
            shown.append(index)
            used += 2 + widths[index]
            index += 1
        }
        return shown
    }

    /// The stored column `s` sorts by: the first one after the key at this scroll offset.
    package static func sortColumn(_ page: BrowserPage, offset: Int) -> String? {
        let index = max(1, offset + 1)
        return page.sourceColumns.indices.contains(index) ? page.sourceColumns[index] : nil
    }

    /// The columns shown in `width` columns of screen and each column's width: the key column, then those
    /// from the scrolled one on that fit, the room left shared among cut ones.
    static func shownColumns(_ state: BrowserState, page: BrowserPage, width: Int, null: String = Glyphs.unicode.null)
        -> (columns: [Int], widths: [Int])
    {
        let sorted = state.query.sortColumn.flatMap { page.sourceColumns.firstIndex(of: $0) }
        let capped = columnWidths(page, null: null, sorted: sorted)
        let columns = visibleColumns(widths: capped, offset: state.columnOffset, width: width)
        // With columns out of view two are kept for the `◂` `▸`.
        let widths = spread(
            capped, natural: columnWidths(page, null: null, sorted: sorted, cap: .max), columns: columns,
            width: width - (columns.count < page.columns.count ? 2 : 0))
        return (columns, widths)
    }

    /// The column whose heading or cells are at `x` on a browser drawn in `body`, if any.
    static func column(at x: Int, _ state: BrowserState, page: BrowserPage, in body: Rect) -> Int? {
        let (columns, widths) = shownColumns(state, page: page, width: body.width - 2)
        var start = body.x + 1
        for column in columns {
            // Each cell is its width, then two spaces; the spaces count for the cell before them.
            if x >= start, x < start + widths[column] + 2 { return column }
            start += widths[column] + 2
        }
        return nil
    }

    /// A value's cell text, with NULL spelled as the glyph set spells it.
    static func text(_ value: BrowserValue, null: String) -> String {
        value == .null ? null : value.display
    }

    /// Draws the browser into the body; `null` is how NULL is shown.
    package static func draw(
        _ state: BrowserState, rowsPerPage: Int, null: String = Glyphs.unicode.null, into buffer: inout ScreenBuffer,
        in body: Rect
    ) {
        buffer.fill(body)
        let inner = Rect(x: body.x + 1, y: body.y, width: body.width - 2, height: body.height)
        // The filter applies as it is typed, so a query that fails midway shows why under the line being typed.
        if let input = state.filterInput {
            buffer.put(
                input.drawn(after: StyledText("/ ", style: .title)).appending("  Enter keeps it · Esc goes back", .dim),
                x: inner.x, y: inner.y + 1, limit: inner.maxX)
        }
        if let error = state.error {
            buffer.put("\(state.entity): the rows cannot be read", x: inner.x, y: inner.y, style: .danger, limit: inner.maxX)
            let reason = TerminalWidth.wrap(error, to: inner.width).prefix(max(0, inner.height - 3))
            for (row, part) in reason.enumerated() { buffer.put(part, x: inner.x, y: inner.y + 2 + row, limit: inner.maxX) }
            let hint = state.filterInput == nil ? "r retries on a fresh snapshot · Esc goes back" : "type on, or Esc goes back"
            buffer.put(hint, x: inner.x, y: inner.y + 3 + reason.count, style: .dim)
            return
        }
        if let prompt = state.exportPrompt {
            let hint = prompt.confirmingOverwrite ? "  exists: Enter replaces it · Esc keeps it" : "  Enter exports · Esc cancels"
            let question = StyledText(prompt.question, style: .title)
            buffer.put(
                prompt.line.drawn(after: question, width: inner.width - TerminalWidth.of(hint))
                    .appending(hint, prompt.confirmingOverwrite ? .danger : .dim), x: inner.x, y: inner.y + 1, limit: inner.maxX)
        }
        guard let page = state.page else {
            buffer.put("\(state.entity): loading rows…", x: inner.x, y: inner.y, style: .dim)
            return
        }
        buffer.put(heading(state, page: page, rowsPerPage: rowsPerPage), x: inner.x, y: inner.y, limit: inner.maxX)
        let sorted = state.query.sortColumn.flatMap { page.sourceColumns.firstIndex(of: $0) }
        let (columns, widths) = shownColumns(state, page: page, width: inner.width, null: null)
        let hidden = page.columns.count - columns.count
        if hidden > 0, state.filterInput == nil, state.exportPrompt == nil {
            let note = "columns \(columns.count) of \(page.columns.count) ←→"
            buffer.put(note, x: inner.maxX - TerminalWidth.of(note), y: inner.y + 1, style: .dim)
        }
        let titles = page.columns.enumerated().map { index, title -> BrowserValue in
            .text(index == sorted ? title + (state.query.descending ? " ↓" : " ↑") : title)
        }
        let end = drawRow(
            titles, columns: columns, widths: widths, style: CellStyle(.accent, bold: true), null: null,
            into: &buffer, at: inner.y + 2, in: inner)
        // The signs that columns are out of view: ◂ after the key column, ▸ at the right edge.
        if state.columnOffset > 0, columns.count > 1 {
            buffer.put("◂", x: inner.x + widths[0], y: inner.y + 2, style: .title)
        }
        if let last = columns.last, last < page.columns.count - 1 || end > inner.maxX {
            buffer.put("▸", x: inner.maxX - 1, y: inner.y + 2, style: .title)
        }
        for (row, values) in page.rows.enumerated() {
            let y = inner.y + 3 + row
            guard y < inner.maxY else { break }
            let selected = page.offset + row == state.selectedRow
            drawRow(
                values, columns: columns, widths: widths, style: selected ? .selected : .plain, null: null,
                highlighting: state.query.search, into: &buffer, at: y, in: inner)
        }
        if page.rows.isEmpty, state.query.search != nil || state.query.predicate != nil {
            let none = state.query.predicate != nil ? "no row matches the query" : "no row contains that text"
            buffer.put("\(none) · Esc clears the filter", x: inner.x, y: inner.y + 3, style: .dim)
        }
    }

    /// `prefix`, then the line being typed, its cursor shown as the character under it in reverse video (a
    /// block after the last character).
    private static func heading(_ state: BrowserState, page: BrowserPage, rowsPerPage: Int) -> StyledText {
        let first = page.totalRows == 0 ? 0 : page.offset + 1
        let last = page.offset + page.rows.count
        let pages = max(1, (page.totalRows + rowsPerPage - 1) / rowsPerPage)
        var heading = StyledText(page.entity, style: .title)
            .appending(
                "  rows \(NumberText.grouped(first))–\(NumberText.grouped(last)) of \(NumberText.grouped(page.totalRows))", .plain
            )
        if let search = state.query.search { heading.append("  matching \"\(search)\"", .warning) }
        if let predicate = state.query.predicate { heading.append("  where \(predicate)", .warning) }
        if state.reading { heading.append("  filtering…", .dim) }
        heading.append("  page \(page.offset / max(1, rowsPerPage) + 1)/\(pages)  read-only", .dim)
        return heading
    }

    /// Draws one row's cells, the text of a search `highlighting` marked where a cell shows it; returns the
    /// column after the last cell's text (past `rect.maxX` when cut).
    @discardableResult
    private static func drawRow(
        _ values: [BrowserValue], columns: [Int], widths: [Int], style: CellStyle, null: String,
        highlighting search: String? = nil, into buffer: inout ScreenBuffer, at y: Int, in rect: Rect
    ) -> Int {
        var x = rect.x
        if style.reverse { buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style) }
        var end = x
        for column in columns {
            let value = values.indices.contains(column) ? values[column] : .null
            var cellStyle = style
            if !style.reverse, !style.bold, value == .null { cellStyle = .dim }
            if !style.reverse, column == 0, !style.bold { cellStyle = .dim }
            // A cut cell ends in `…`, short of the edge where the `▸` goes.
            let room = x + widths[column] <= rect.maxX ? widths[column] : rect.maxX - 2 - x
            let text = TerminalWidth.fit(Self.text(value, null: null), to: max(0, room), alignRight: value.isNumeric)
            end = x + widths[column]
            let after = buffer.put(text, x: x, y: y, style: cellStyle, limit: rect.maxX)
            if let search, value != .null {
                // On the selected row (reverse video) a match stands out the other way round.
                let marked = style.reverse ? CellStyle(.warning, bold: true) : .match
                for match in SearchMatch.columns(of: search, in: text) where x + match.lowerBound < after {
                    let width = min(match.count, after - x - match.lowerBound)
                    buffer.restyle(Rect(x: x + match.lowerBound, y: y, width: width, height: 1)) { _ in marked }
                }
            }
            x = after + 2
        }
        return end
    }
}
