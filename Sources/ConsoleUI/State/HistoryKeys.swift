/// What keys do on the history screen and in its "Restore?" question.
enum HistoryKeys {
    /// Opens the history screen of the open store.
    static func open(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard state.overview != nil else { return [] }
        state.history = HistoryState()
        state.screen = .history
        return [.loadHistory]
    }

    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var history = state.history else { return [] }
        switch action {
        case .quit: return [.quit]
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        case .back:
            state.history = nil
            state.screen = .main
            return []
        case .open:
            guard history.selectedBackup != nil else {
                state.message = "no backup to restore: a migration makes one before it replaces the store"
                return []
            }
            history.confirm = false
        default:
            let page = max(1, state.layout.body.height - 4)
            history.selected = ListCursor.move(
                history.selected, action: action, count: history.info?.backups.count ?? 0, page: page)
        }
        state.history = history
        return []
    }

    /// Tab and the arrows move between Restore and Cancel (Cancel first); Enter presses one, Esc cancels.
    static func confirm(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var history = state.history, let restoreHighlighted = history.confirm else { return [] }
        switch action {
        case .help:
            state.showHelp = true
            return []
        case .nextPane, .previousPane: history.confirm = !restoreHighlighted
        case .open where restoreHighlighted:
            history.confirm = nil
            state.history = history
            return history.selectedBackup.map { [.restore(backup: $0.id)] } ?? []
        default: history.confirm = nil
        }
        state.history = history
        return []
    }
}
