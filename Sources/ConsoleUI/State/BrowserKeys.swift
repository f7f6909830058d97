/// What keys do in the data browser: move through rows (loading other pages as needed), scroll columns, back.
enum BrowserKeys {
    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser else { return [] }
        let rowsPerPage = state.layout.browserRows
        let total = browser.page?.totalRows ?? 0
        switch action {
        case .quit: return [.quit]
        case .help:
            state.showHelp = true
            return []
        case .details:
            state.showDetails = true
            return []
        case .refresh:
            // A fresh snapshot: rows written (or a lock released) since the browser opened show up.
            browser.error = nil
            state.browser = browser
            return [.refreshRows(entity: browser.entity, offset: browser.page?.offset ?? 0)]
        case .open:
            guard RecordView.selectedValues(browser) != nil else { return [] }
            browser.showsRecord = true
            browser.recordScroll = 0
            state.browser = browser
            return []
        case .back:
            state.browser = nil
            state.screen = .main
            return []
        case .scrollLeft: browser.columnOffset = max(0, browser.columnOffset - 1)
        case .scrollRight:
            let columns = browser.page?.columns.count ?? 1
            browser.columnOffset = min(max(0, columns - 2), browser.columnOffset + 1)
        default:
            browser.selectedRow = ListCursor.move(browser.selectedRow, action: action, count: total, page: rowsPerPage)
        }
        state.browser = browser
        guard let page = browser.page else { return [] }
        let row = browser.selectedRow
        if row < page.offset || row >= page.offset + max(1, page.rows.count) {
            return [.loadRows(entity: browser.entity, offset: row / rowsPerPage * rowsPerPage)]
        }
        return []
    }

    /// The record view: scroll through the row's attributes; Esc goes back to the table.
    static func record(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser else { return [] }
        switch action {
        case .quit: return [.quit]
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        case .back: browser.showsRecord = false
        default:
            let body = state.layout.body
            let count = RecordView.lines(browser, width: RecordView.frameWidth(body)).count
            browser.recordScroll = OverlayKeys.scroll(browser.recordScroll, action, lines: count, visible: body.height - 2)
        }
        state.browser = browser
        return []
    }
}
