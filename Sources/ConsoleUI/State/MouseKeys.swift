/// What the mouse does: a press focuses the pane under it, selects the row or attribute under it (a press on
/// the row already selected opens it, as Enter would) and presses dialog buttons; the wheel scrolls whatever
/// scrolls. Everything goes through the same actions as the keys.
enum MouseKeys {
    /// Rows the wheel moves per notch.
    static let wheelStep = 3

    static func handle(_ event: MouseEvent, _ state: inout ConsoleState, controller: ConsoleController) -> [ConsoleEffect] {
        switch event.kind {
        case .wheelUp, .wheelDown:
            let scrolling: Set<KeyContext> = [.panes, .browser, .record, .picker, .history, .help, .details]
            guard scrolling.contains(state.keyContext) else { return [] }
            if state.keyContext == .panes, let pane = pane(at: event, state) { state.focus = pane }
            var effects: [ConsoleEffect] = []
            for _ in 0..<wheelStep {
                for effect in controller.handle(event.kind == .wheelUp ? .moveUp : .moveDown, state: &state)
                where !effects.contains(effect) {
                    effects.append(effect)
                }
            }
            return effects
        case .press:
            return press(event, &state, controller: controller)
        }
    }

    private static func press(_ event: MouseEvent, _ state: inout ConsoleState, controller: ConsoleController) -> [ConsoleEffect]
    {
        let body = state.layout.body
        switch state.keyContext {
        case .confirm:
            guard let plan = state.plan, let option = state.confirm else { return [] }
            let dialog = ConfirmDialog.dialog(
                plan: plan, storeName: state.overview?.name ?? "store", selected: option, width: body.width)
            guard let index = dialog.buttonFrames(in: body).firstIndex(where: { $0.contains(x: event.x, y: event.y) }) else {
                return []
            }
            state.confirm = ConfirmOption(rawValue: index)
            return controller.handle(.open, state: &state)
        case .restoreConfirm:
            guard let history = state.history, let backup = history.selectedBackup else { return [] }
            let dialog = HistoryView.dialog(
                backup, storeName: state.overview?.name ?? "store", restoreHighlighted: history.confirm == true)
            guard let index = dialog.buttonFrames(in: body).firstIndex(where: { $0.contains(x: event.x, y: event.y) }) else {
                return []
            }
            state.history?.confirm = index == 0
            return controller.handle(.open, state: &state)
        case .history:
            guard let history = state.history, event.y > body.y, event.y < body.maxY - 1 else { return [] }
            let (lines, backupLines) = HistoryView.layout(history, width: body.width - 3)
            let selectedLine = backupLines.indices.contains(history.selected) ? backupLines[history.selected] : 0
            let top = PaneFrame.firstVisible(selection: selectedLine, count: lines.count, visible: body.height - 2)
            guard let index = backupLines.firstIndex(of: top + event.y - body.y - 1) else { return [] }
            if index == history.selected { return controller.handle(.open, state: &state) }
            state.history?.selected = index
            return []
        case .retargetConfirm:
            guard let version = state.retargetPrompt else { return [] }
            let dialog = VersionsPane.retargetDialog(
                version: version, target: state.target, retargetHighlighted: state.retargetHighlighted)
            guard let index = dialog.buttonFrames(in: body).firstIndex(where: { $0.contains(x: event.x, y: event.y) }) else {
                return []
            }
            state.retargetHighlighted = index == 0
            return controller.handle(.open, state: &state)
        case .abortPrompt:
            let buttons = AbortDialog.dialog(abortHighlighted: state.abortHighlighted).buttonFrames(in: body)
            guard let index = buttons.firstIndex(where: { $0.contains(x: event.x, y: event.y) }) else { return [] }
            state.abortHighlighted = index == 0
            return controller.handle(.open, state: &state)
        case .panes:
            guard let pane = pane(at: event, state), let rect = state.layout.panes[pane] else { return [] }
            let wasFocused = state.focus == pane
            state.focus = pane
            let lines: Int
            switch pane {
            case .versions: lines = VersionsPane.frame(state).lines.count
            case .entities: lines = EntitiesPane.frame(state, width: rect.width).lines.count
            // The Plan pane is a text: a press on it once focused does what Enter does there.
            case .plan: return wasFocused ? controller.handle(.open, state: &state) : []
            case .store: return []
            }
            let count = pane == .versions ? state.versions.count : state.overview?.entities.count ?? 0
            let selected = state.cursor[pane] ?? 0
            let top = PaneFrame.firstVisible(selection: selected, count: lines, visible: rect.height - 2)
            let index = top + event.y - rect.y - 1
            guard event.y > rect.y, event.y < rect.maxY - 1, index < count else { return [] }
            // A press on the row already selected opens it, as Enter would (a version asks before retargeting).
            if index == selected, wasFocused { return controller.handle(.open, state: &state) }
            state.cursor[pane] = index
            return []
        case .browser:
            guard let browser = state.browser, let page = browser.page, event.y >= body.y + 2 else { return [] }
            // A press on a column's heading sorts by it, as s does on the first one shown.
            if event.y == body.y + 2 {
                guard let column = DataBrowserView.column(at: event.x, browser, page: page, in: body) else { return [] }
                return BrowserKeys.sort(byColumn: column, &state)
            }
            let row = page.offset + event.y - body.y - 3
            guard row < page.offset + page.rows.count else { return [] }
            if row == state.browser?.selectedRow { return controller.handle(.open, state: &state) }
            state.browser?.selectedRow = row
            return []
        case .picker:
            guard let picker = state.picker, event.y > body.y, event.y < body.maxY - 1 else { return [] }
            let top = PaneFrame.firstVisible(selection: picker.selected, count: picker.visible.count, visible: body.height - 2)
            let index = top + event.y - body.y - 1
            guard index < picker.visible.count else { return [] }
            if index == picker.selected { return controller.handle(.open, state: &state) }
            state.picker?.selected = index
            return []
        case .record:
            guard let browser = state.browser, let record = browser.records.last, event.y > body.y, event.y < body.maxY - 1
            else { return [] }
            let (lines, starts) = RecordView.layout(record, width: RecordView.frameWidth(body))
            let top = max(0, min(record.scroll, lines.count - (body.height - 2)))
            let line = top + event.y - body.y - 1
            guard let field = starts.lastIndex(where: { $0 <= line }), line < lines.count else { return [] }
            // A press on the attribute already selected follows it, as Enter would.
            if field == record.field { return controller.handle(.open, state: &state) }
            state.browser?.records[browser.records.count - 1].field = field
            return []
        default:
            return []
        }
    }

    /// The main screen's pane under the pointer.
    static func pane(at event: MouseEvent, _ state: ConsoleState) -> Pane? {
        state.layout.panes.first { $0.value.contains(x: event.x, y: event.y) }?.key
    }
}
