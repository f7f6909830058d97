import MigrationEngine

/// What keys do in the data browser: move through rows (loading other pages as needed), scroll columns,
/// filter and sort, open a record, back.
enum BrowserKeys {
    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser else { return [] }
        // No page to act on yet: the key waits for it (``rowsRead``) rather than acting on nothing.
        if browser.page == nil, browser.error == nil, Self.needsPage(action) {
            if browser.pendingKeys.count < BrowserState.pendingLimit { browser.pendingKeys.append(action) }
            state.browser = browser
            return []
        }
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
            // A sub-entity's row on its parent's page opens as its own entity, with its own attributes.
            if let own = browser.page?.entity(ofRow: browser.selectedRow), own != browser.entity,
                browser.page?.columns.first == "pk", case .integer(let key)? = RecordView.selectedValues(browser)?.first
            {
                return [.openRecord(entity: own, key: key)]
            }
            guard let record = RecordView.frame(selectedIn: browser) else { return [] }
            browser.records = [record]
            state.browser = browser
            return record.key.map { [.loadRelated(entity: record.entity, key: $0)] } ?? []
        case .search:
            browser.filterInput = LineEditor(browser.query.search ?? browser.query.predicate ?? "")
            browser.queryBeforeFilter = browser.query
            state.browser = browser
            return []
        case .sort:
            return sort(&browser, &state)
        case .sortNext:
            return sortNext(&browser, &state)
        case .export:
            return ExportKeys.start(&state)
        case .back:
            // Esc first clears a filter, then leaves the browser.
            if browser.query.search != nil || browser.query.predicate != nil {
                (browser.query.search, browser.query.predicate) = (nil, nil)
                return reload(&browser, &state)
            }
            state.browser = nil
            state.screen = .main
            // A page still being read (a large sorted entity) is no longer wanted.
            return [.stopRows]
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
            // Pages line up from the first row, but the last is always a full screen: G shows the last rows,
            // never one row alone (the engine reads it from the end, as it reads the next page from this one).
            let offset = min(row / rowsPerPage * rowsPerPage, max(0, total - rowsPerPage))
            return [.loadRows(entity: browser.entity, offset: offset)]
        }
        return []
    }

    /// Whether `action` acts on the page shown (its rows, columns or count), so that it must wait for one.
    static func needsPage(_ action: Action) -> Bool {
        switch action {
        case .sort, .sortNext, .open, .export, .scrollLeft, .scrollRight, .moveUp, .moveDown, .pageUp, .pageDown,
            .halfPageUp, .halfPageDown, .top, .bottom:
            true
        default: false
        }
    }

    /// Takes the keys pressed while the page was read, in order, now that one is shown; a key that reads
    /// another page (`S` again) leaves the rest for that one.
    static func takePendingKeys(_ state: inout ConsoleState) -> [ConsoleEffect] {
        var effects: [ConsoleEffect] = []
        while let browser = state.browser, browser.page != nil, !browser.showsRecord,
            let key = browser.pendingKeys.first
        {
            state.browser?.pendingKeys.removeFirst()
            effects += handle(key, &state)
        }
        // A record opened by a waiting Enter: the keys after it were meant for the table.
        if state.browser?.showsRecord == true { state.browser?.pendingKeys = [] }
        return effects
    }

    /// `s` sorts by the first scrolled column: ascending, then descending, then back to key order.
    private static func sort(_ browser: inout BrowserState, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let page = browser.page, let column = DataBrowserView.sortColumn(page, offset: browser.columnOffset) else {
            state.message = "nothing to sort by: scroll to a column with ← →, then press s"
            return []
        }
        return sort(by: column, &browser, &state)
    }

    /// A press on the heading of column `index` sorts by it as `s` does (the key column: key order again).
    static func sort(byColumn index: Int, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, let page = browser.page, page.sourceColumns.indices.contains(index) else {
            return []
        }
        guard index > 0 else {
            guard browser.query.sortColumn != nil else { return [] }
            (browser.query.sortColumn, browser.query.descending) = (nil, false)
            return reload(&browser, &state)
        }
        return sort(by: page.sourceColumns[index], &browser, &state)
    }

    /// Sorts by `column`: ascending, then descending, then back to key order.
    private static func sort(by column: String, _ browser: inout BrowserState, _ state: inout ConsoleState)
        -> [ConsoleEffect]
    {
        switch (browser.query.sortColumn == column, browser.query.descending) {
        case (false, _): (browser.query.sortColumn, browser.query.descending) = (column, false)
        case (true, false): browser.query.descending = true
        case (true, true): (browser.query.sortColumn, browser.query.descending) = (nil, false)
        }
        return reload(&browser, &state)
    }

    /// `S` moves the sort to the next column (the first after the key when none is sorted), ascending, and
    /// scrolls it to the first column shown, where `s` flips it; after the last column, key order again.
    private static func sortNext(_ browser: inout BrowserState, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let page = browser.page, page.sourceColumns.count > 1 else {
            state.message = "nothing to sort by"
            return []
        }
        let next = (browser.query.sortColumn.flatMap { page.sourceColumns.firstIndex(of: $0) } ?? 0) + 1
        let column = page.sourceColumns.indices.contains(next) ? page.sourceColumns[next] : nil
        (browser.query.sortColumn, browser.query.descending) = (column, false)
        browser.columnOffset = column == nil ? 0 : next - 1
        return reload(&browser, &state)
    }

    /// Reads the first page again for a changed query, the selection back on its first row.
    private static func reload(_ browser: inout BrowserState, _ state: inout ConsoleState) -> [ConsoleEffect] {
        browser.selectedRow = 0
        browser.page = nil
        state.browser = browser
        return [.loadRows(entity: browser.entity, offset: 0)]
    }

    /// Typing a filter after `/`, which applies as it is typed: Enter keeps it (a query such as `mood > 3`, or
    /// text to look for), Esc goes back to the rows shown before `/`.
    static func filter(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, let input = browser.filterInput?.text else { return [] }
        switch action {
        case .open:
            browser.filterInput = nil
            browser.queryBeforeFilter = nil
            let query = filtered(browser.query, by: input)
            guard query != browser.query else { break }
            browser.query = query
            return refilter(&browser, &state)
        case .back:
            let before = browser.queryBeforeFilter ?? browser.query
            (browser.filterInput, browser.queryBeforeFilter) = (nil, nil)
            guard before != browser.query else { break }
            browser.query = before
            return refilter(&browser, &state)
        default: break
        }
        state.browser = browser
        return []
    }

    /// An editing key on the filter being typed; a changed text applies at once. Nil for a key that is not
    /// one (Enter, Esc).
    static func edit(_ key: Key, _ state: inout ConsoleState) -> [ConsoleEffect]? {
        guard var browser = state.browser, var line = browser.filterInput, line.edit(key) else { return nil }
        let query = filtered(browser.query, by: line.text)
        browser.filterInput = line
        guard query != browser.query else {
            state.browser = browser
            return []
        }
        browser.query = query
        return refilter(&browser, &state)
    }

    /// `query` filtered by `text`: a query (`title CONTAINS "x"`, `mood > 3`) is evaluated as `rows --where`
    /// evaluates it; other text is looked for in the values; no text, every row.
    static func filtered(_ query: RowQuery, by text: String) -> RowQuery {
        var query = query
        let isQuery = MigrationProject.isQuery(text)
        query.search = text.isEmpty || isQuery ? nil : text
        query.predicate = isQuery ? text : nil
        return query
    }

    /// Reads the first page for a changed filter while the page shown stays, marked as being read: typing
    /// does not blank the rows at every key. The selection goes back to the first row.
    private static func refilter(_ browser: inout BrowserState, _ state: inout ConsoleState) -> [ConsoleEffect] {
        browser.selectedRow = 0
        browser.reading = browser.page != nil
        browser.error = nil
        state.browser = browser
        return [.loadRows(entity: browser.entity, offset: 0)]
    }

    /// The record view: ↑↓ select an attribute, the page keys scroll, Enter follows a relationship, Esc goes
    /// back one record (to the table from the first).
    static func record(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, var record = browser.records.last else { return [] }
        let body = state.layout.body
        let visible = max(1, body.height - 2)
        let starts = RecordView.layout(record, width: RecordView.frameWidth(body)).starts
        let lineCount = RecordView.lines(record, width: RecordView.frameWidth(body)).count
        switch action {
        case .quit: return [.quit]
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        case .back:
            browser.records.removeLast()
            state.browser = browser
            return []
        case .open:
            guard case .reference(let entity, let key)? = record.selectedValue else {
                state.message = "Enter follows a relationship: select a value like Tag #7 with ↑↓"
                return []
            }
            return [.openRecord(entity: entity, key: key)]
        case .moveUp, .moveDown, .top, .bottom:
            record.field = ListCursor.move(record.field, action: action, count: record.fieldCount, page: 1)
            let start = starts.indices.contains(record.field) ? starts[record.field] : 0
            let end = starts.indices.contains(record.field + 1) ? starts[record.field + 1] : lineCount
            // The whole attribute in view when it fits, else its first lines.
            if start < record.scroll {
                record.scroll = start
            } else if end - record.scroll > visible {
                record.scroll = min(start, end - visible)
            }
        default:
            record.scroll = OverlayKeys.scroll(record.scroll, action, lines: lineCount, visible: visible)
            record.field = max(0, (starts.lastIndex { $0 <= record.scroll }) ?? 0)
        }
        browser.records[browser.records.count - 1] = record
        state.browser = browser
        return []
    }
}
