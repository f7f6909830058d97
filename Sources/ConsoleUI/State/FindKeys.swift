/// Keys of `/` in the panes, the help and the details: type the text (the selection jumps to the first
/// match as it is typed), Enter keeps it, Esc goes back to where the selection was; then `n` and `N` go to
/// the next and previous match, round the end.
enum FindKeys {
    /// Where `/` looks in the context the keys are in; nil where it does not (the browser and the picker
    /// filter instead).
    static func place(_ state: ConsoleState) -> FindState.Place? {
        switch state.keyContext {
        case .panes: .pane(state.focus)
        case .help: .help
        case .details: .details
        default: nil
        }
    }

    /// `/`: start typing, from the selection where it is.
    static func start(_ place: FindState.Place, _ state: inout ConsoleState) -> [ConsoleEffect] {
        state.find = FindState(place: place, origin: position(place, state))
        return []
    }

    /// Enter keeps the text for `n` and `N` (the selection stays on the match); Esc drops it and goes back.
    static func handle(_ action: Action, _ state: inout ConsoleState, keys: KeyTable) -> [ConsoleEffect] {
        guard var find = state.find, let input = find.input else { return [] }
        switch action {
        case .open:
            find.input = nil
            find.text = input.text
            state.find = find.text.isEmpty ? nil : find
            if find.line == nil, !find.text.isEmpty { state.message = "no match for \"\(find.text)\"" }
        case .back:
            move(to: find.origin, in: find.place, &state, keys: keys)
            state.find = nil
        default: break
        }
        return []
    }

    /// An editing key on the text: the selection goes to the first match from where it was when `/` was
    /// pressed (back there when nothing matches).
    static func edit(_ key: Key, _ state: inout ConsoleState, keys: KeyTable) -> Bool {
        guard var find = state.find, var input = find.input, input.edit(key) else { return false }
        find.input = input
        let lines = lines(find.place, state, keys: keys)
        find.line = FindState.match(input.text, in: lines, from: find.origin, forward: true)
        move(to: find.line ?? find.origin, in: find.place, &state, keys: keys)
        state.find = find
        return true
    }

    /// `n` (`forward`) or `N`: the next or previous match after the one shown, round the end.
    static func next(forward: Bool, _ state: inout ConsoleState, keys: KeyTable) -> [ConsoleEffect] {
        guard let place = place(state), var find = state.find, !find.text.isEmpty else {
            state.message = "/ first: type what to look for, then n and N go from match to match"
            return []
        }
        // In another list than the one searched, the search goes on from that list's selection.
        let from = find.place == place ? find.line ?? position(place, state) : position(place, state)
        let lines = lines(place, state, keys: keys)
        guard let line = FindState.match(find.text, in: lines, from: from + (forward ? 1 : -1), forward: forward) else {
            state.message = "no match for \"\(find.text)\""
            return []
        }
        if forward ? line <= from : line >= from { state.message = "search went round the end" }
        find.place = place
        find.line = line
        state.find = find
        move(to: line, in: place, &state, keys: keys)
        return []
    }

    /// The lines of a place as searched: a list's items, a text's lines, as shown.
    static func lines(_ place: FindState.Place, _ state: ConsoleState, keys: KeyTable) -> [String] {
        let layout = state.layout
        switch place {
        case .pane(.versions): return state.versions.map(\.name)
        case .pane(.entities): return state.overview?.entities.map(\.name) ?? []
        case .pane(.store): return StorePane.lines(state).map(\.plainText)
        case .pane(.plan):
            return PlanPane.lines(state, width: (layout.panes[.plan]?.width ?? 80) - 3).map(\.plainText)
        case .help:
            let width = HelpOverlay.frameWidth(layout.body)
            return HelpOverlay.lines(for: state.contextBehindHelp, keys: keys, width: width).map(\.plainText)
        case .details: return DetailsView.lines(state, width: DetailsView.frameWidth(layout.body)).map(\.plainText)
        }
    }

    /// The selection of a list, or the first line shown of a text.
    private static func position(_ place: FindState.Place, _ state: ConsoleState) -> Int {
        switch place {
        case .pane(let pane): state.cursor[pane] ?? 0
        case .help: state.helpScroll
        case .details: state.detailsScroll
        }
    }

    /// Selects line `line` of a list, or scrolls a text so that it is the first line shown (or as near the
    /// top as the text's end allows).
    private static func move(to line: Int, in place: FindState.Place, _ state: inout ConsoleState, keys: KeyTable) {
        let layout = state.layout
        let count = lines(place, state, keys: keys).count
        switch place {
        case .pane(let pane) where pane == .versions || pane == .entities: state.cursor[pane] = max(0, min(line, count - 1))
        case .pane(let pane): state.cursor[pane] = max(0, min(line, count - layout.innerHeight(of: pane)))
        case .help: state.helpScroll = max(0, min(line, count - (layout.body.height - 2)))
        case .details: state.detailsScroll = max(0, min(line, count - (layout.body.height - 2)))
        }
    }
}
