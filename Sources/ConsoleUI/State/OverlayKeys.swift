/// What keys do in the overlays: the help, the details view and the "abort the run?" question.
enum OverlayKeys {
    static func help(_ action: Action, _ state: inout ConsoleState, keys: KeyTable) -> [ConsoleEffect] {
        switch action {
        case .help, .back: state.showHelp = false
        default:
            let body = state.layout.body
            let count = HelpOverlay.lines(for: state.contextBehindHelp, keys: keys, width: HelpOverlay.frameWidth(body)).count
            state.helpScroll = scroll(state.helpScroll, action, lines: count, visible: body.height - 2)
        }
        return []
    }

    static func details(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch action {
        case .details, .back: state.showDetails = false
        case .help: state.showHelp = true
        default:
            let body = state.layout.body
            let count = DetailsView.lines(state, width: DetailsView.frameWidth(body)).count
            state.detailsScroll = scroll(state.detailsScroll, action, lines: count, visible: body.height - 2)
        }
        return []
    }

    /// Moves the first line shown of a text of `lines` lines with `visible` rows: a page keeps one line of context.
    static func scroll(_ first: Int, _ action: Action, lines: Int, visible: Int) -> Int {
        let visible = max(1, visible)
        return ListCursor.move(first, action: action, count: max(1, lines - visible + 1), page: max(1, visible - 1))
    }

    /// y aborts, n or Esc keeps going (the run, paused while asked, resumes); Tab and the arrows move between
    /// the buttons and Enter presses one.
    static func abortPrompt(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch action {
        case .help:
            state.showHelp = true
            return []
        case .nextPane, .previousPane:
            state.abortHighlighted.toggle()
            return []
        case .yes:
            return abort(&state)
        case .open where state.abortHighlighted:
            return abort(&state)
        default:
            state.abortPrompt = false
            return [.resumeRun]
        }
    }

    private static func abort(_ state: inout ConsoleState) -> [ConsoleEffect] {
        state.abortPrompt = false
        state.run?.abortRequested = true
        return [.cancelRun]
    }
}
