/// Turns keys into state changes and effects, through the ``KeyTable``; never touches the terminal or the engine.
package struct ConsoleController: Sendable {
    /// The key table.
    package var keys: KeyTable

    /// Creates a controller.
    package init(keys: KeyTable = .standard) {
        self.keys = keys
    }

    /// Handles a key: updates the state and returns the work the app has to do.
    package func handle(_ key: Key, state: inout ConsoleState) -> [ConsoleEffect] {
        if key == .resize { return [] }
        if case .mouse(let event) = key {
            // Like keys, the mouse does nothing unseen while only the "too small" notice is on screen.
            return state.layout.fits ? MouseKeys.handle(event, &state, controller: self) : []
        }
        // A line being typed takes every character, `q` and `?` included, and readline's editing keys.
        if state.keyContext == .filter, state.layout.fits, let effects = BrowserKeys.edit(key, &state) { return effects }
        if state.keyContext == .find, state.layout.fits, FindKeys.edit(key, &state, keys: keys) { return [] }
        if state.keyContext == .palette, state.layout.fits, PaletteKeys.edit(key, &state, keys: keys) { return [] }
        if state.keyContext == .export, state.layout.fits, ExportKeys.edit(key, &state) { return [] }
        if state.keyContext == .seed, state.layout.fits, SeedKeys.edit(key, &state) { return [] }
        if state.keyContext == .pickerFilter, state.layout.fits, Self.editPickerFilter(key, &state) { return [] }
        guard let action = keys.action(for: key, in: state.keyContext) else { return [] }
        // While only the "too small" notice is on screen nothing may happen unseen: q alone works, and not
        // during a run, whose abort question could not be seen. While the console waits (a demo store being
        // written, a restore) q alone works too: nothing may start under it; Esc stops an export.
        if state.preparing != nil, state.exporting, action == .back, state.layout.fits { return [.stopExport] }
        if !state.layout.fits || state.preparing != nil {
            return action == .quit && state.keyContext != .run ? [.quit] : []
        }
        return handle(action, state: &state)
    }

    /// Handles an action in the current context.
    package func handle(_ action: Action, state: inout ConsoleState) -> [ConsoleEffect] {
        state.message = nil
        if let effects = find(action, &state) { return effects }
        if action == .palette { return PaletteKeys.open(&state) }
        switch state.keyContext {
        case .help: return OverlayKeys.help(action, &state, keys: keys)
        case .details: return OverlayKeys.details(action, &state)
        case .panes: return PanesKeys.handle(action, &state)
        case .confirm: return confirm(action, &state)
        case .salvage: return SalvageKeys.handle(action, &state)
        case .browser: return BrowserKeys.handle(action, &state)
        case .record: return BrowserKeys.record(action, &state)
        case .filter: return BrowserKeys.filter(action, &state)
        case .find: return FindKeys.handle(action, &state, keys: keys)
        case .palette: return PaletteKeys.handle(action, &state, controller: self)
        case .export: return ExportKeys.handle(action, &state)
        case .seed: return SeedKeys.handle(action, &state)
        case .picker: return picker(action, &state)
        case .pickerFilter: return pickerFilter(action, &state)
        case .run: return run(action, &state)
        case .abortPrompt: return OverlayKeys.abortPrompt(action, &state)
        case .retargetConfirm: return PanesKeys.retarget(action, &state)
        case .result: return result(action, &state)
        case .history: return HistoryKeys.handle(action, &state)
        case .restoreConfirm: return HistoryKeys.confirm(action, &state)
        }
    }

    /// `/`, `n` and `N` where they search (a pane, the help, the details); nil for any other action or place.
    /// On the main screen `N` seeds a store unless a search is kept, and Esc first drops the search.
    private func find(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect]? {
        guard let place = FindKeys.place(state) else { return nil }
        let searched = state.find.map { !$0.text.isEmpty } ?? false
        switch action {
        case .search: return FindKeys.start(place, &state)
        case .findNext: return FindKeys.next(forward: true, &state, keys: keys)
        case .findPrevious: return FindKeys.next(forward: false, &state, keys: keys)
        case .seed where searched && state.keyContext == .panes: return FindKeys.next(forward: false, &state, keys: keys)
        case .back where searched && state.keyContext == .panes:
            state.find = nil
            return []
        default: return nil
        }
    }

    private func confirm(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let option = state.confirm else { return [] }
        let count = ConfirmOption.allCases.count
        switch action {
        case .nextPane: state.confirm = ConfirmOption(rawValue: (option.rawValue + 1) % count)
        case .previousPane: state.confirm = ConfirmOption(rawValue: (option.rawValue + count - 1) % count)
        case .back: state.confirm = nil
        case .help: state.showHelp = true
        case .open:
            state.confirm = nil
            switch option {
            case .migrate: return [.startRun(dryRun: false)]
            case .dryRun: return [.startRun(dryRun: true)]
            case .cancel: break
            }
        default: break
        }
        return []
    }

    private func picker(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var picker = state.picker else { return action == .quit ? [.quit] : [] }
        let page = max(1, state.layout.body.height - 2)
        switch action {
        case .quit: return [.quit]
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        case .back where state.opening != nil: return PanesKeys.stopWaiting(&state)
        case .back where picker.status == .searching: return [.stopScan]
        // Esc first clears a filter, as in the data browser.
        case .back where !picker.filter.isEmpty: picker.filter = ""
        case .search: picker.filterInput = LineEditor(picker.filter)
        // The filter is the picker's search: n and N step through the stores it keeps, round the end.
        case .findNext, .findPrevious:
            let count = picker.visible.count
            guard count > 0 else { break }
            picker.selected = (picker.selected + (action == .findNext ? 1 : count - 1)) % count
        case .refresh:
            state.picker = PickerState(searching: picker.root)
            return [.scanStores]
        case .open:
            guard let chosen = picker.selectedCandidate else { return [] }
            return [.pickStore(chosen.path)]
        default: picker.selected = ListCursor.move(picker.selected, action: action, count: picker.visible.count, page: page)
        }
        state.picker = picker
        return []
    }

    /// Typing the picker's filter: the list narrows as it is typed; Enter keeps it and goes back to the list,
    /// Esc drops it.
    private func pickerFilter(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var picker = state.picker else { return [] }
        switch action {
        case .open: picker.filterInput = nil
        case .back:
            picker.filterInput = nil
            picker.filter = ""
        case .help: state.showHelp = true
        default: break
        }
        state.picker = picker
        return []
    }

    /// An editing key on the picker's filter, applied to the list at once.
    private static func editPickerFilter(_ key: Key, _ state: inout ConsoleState) -> Bool {
        guard var line = state.picker?.filterInput, line.edit(key) else { return false }
        state.picker?.filterInput = line
        state.picker?.filter = line.text
        return true
    }

    private func run(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch action {
        case .abort, .quit:
            if state.run?.outcome == nil {
                state.abortPrompt = true
                state.abortHighlighted = false
                // The run waits at its next batch while the question is open: a late answer meets the run
                // where it was asked, not a finished migration.
                return [.pauseRun]
            }
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        default: break
        }
        return []
    }

    private func result(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch action {
        case .back:
            state.screen = .main
            return [.reload]
        case .help: state.showHelp = true
        case .details: state.showDetails = true
        case .showHistory: return HistoryKeys.open(&state)
        case .quit: return [.quit]
        default: break
        }
        return []
    }
}
