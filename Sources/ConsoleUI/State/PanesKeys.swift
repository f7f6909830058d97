/// What keys do on the main screen: move in the focused pane, switch panes, open, set the target, migrate.
enum PanesKeys {
    /// Why nothing can be planned without a model, and how to give one, in the console's words.
    static let noModel = RemedyWords.line("no model loaded, so nothing can be planned", remedy: .giveModel)

    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        let layout = state.layout
        switch action {
        case .quit: return [.quit]
        case .help: state.showHelp = true
        case .refresh: return [.reload]
        case .showHistory: return HistoryKeys.open(&state)
        case .back where state.opening != nil || state.planning != nil: return stopWaiting(&state)
        case .zoom: state.zoomed.toggle()
        case .back where state.zoomed: state.zoomed = false
        case .back:
            // Opened from the picker: Esc goes back to it, with what its search found.
            if state.picker != nil { state.screen = .picker }
        case .details: state.showDetails = true
        case .nextPane: state.focus = state.focus.next
        case .previousPane: state.focus = state.focus.previous
        case .setTarget:
            // The target is chosen where the versions are seen; elsewhere t says so instead of retargeting unseen.
            guard state.focus == .versions else {
                state.message = "t sets the target in the Versions pane: Tab there, select a version, press t"
                return []
            }
            return setTarget(&state)
        case .migrate: return migrate(&state)
        case .seed: return SeedKeys.start(&state)
        case .open:
            switch state.focus {
            case .versions: return askToRetarget(&state)
            case .entities: return openBrowser(&state)
            case .plan:
                guard state.plan != nil else {
                    state.showDetails = true
                    return []
                }
                return migrate(&state)
            case .store: break
            }
        default:
            let page = max(1, layout.innerHeight(of: state.focus) - 1)
            let current = state.cursor[state.focus] ?? 0
            state.cursor[state.focus] = ListCursor.move(
                current, action: action, count: lineCount(state.focus, state, layout), page: page)
        }
        return []
    }

    /// How far the cursor may go: list rows for list panes, the last scroll position for text panes.
    private static func lineCount(_ pane: Pane, _ state: ConsoleState, _ layout: ScreenLayout) -> Int {
        let width = layout.panes[pane]?.width ?? 80
        switch pane {
        case .versions: return state.versions.count
        case .entities: return state.overview?.entities.count ?? 0
        case .store: return max(1, StorePane.lines(state).count - layout.innerHeight(of: .store) + 1)
        case .plan: return max(1, PlanPane.lines(state, width: width - 3).count - layout.innerHeight(of: .plan) + 1)
        }
    }

    /// Esc while a store is read or a plan made: stop waiting and say so; whatever comes later is dropped.
    static func stopWaiting(_ state: inout ConsoleState) -> [ConsoleEffect] {
        if let path = state.opening {
            state.opening = nil
            state.message = "stopped reading \(path.split(separator: "/").last.map(String.init) ?? path)"
            if state.overview == nil, state.picker != nil { state.screen = .picker }
        }
        if let target = state.planning {
            state.planning = nil
            state.planError = "planning to \(target) was stopped: select a version and press t to plan again"
        }
        return [.stopWaiting]
    }

    /// Enter (or a click) on a version asks before replanning for it; `t` is the key that retargets at once.
    private static func askToRetarget(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let version = state.selectedVersion else { return [] }
        guard version.name != state.target else {
            state.message = "\(version.name) is already the target"
            return []
        }
        state.retargetPrompt = version.name
        state.retargetHighlighted = true
        return []
    }

    /// The retarget question: y, t or Enter on Retarget replan for the version; n, Esc or Cancel keep the target.
    static func retarget(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch action {
        case .help:
            state.showHelp = true
            return []
        case .nextPane, .previousPane:
            state.retargetHighlighted.toggle()
            return []
        case .yes:
            state.retargetPrompt = nil
            return setTarget(&state)
        case .open where state.retargetHighlighted:
            state.retargetPrompt = nil
            return setTarget(&state)
        default:
            state.retargetPrompt = nil
            return []
        }
    }

    private static func setTarget(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let version = state.selectedVersion else { return [] }
        guard version.name != state.target else { return [] }
        state.target = version.name
        state.plan = nil
        state.planError = nil
        state.cursor[.plan] = 0
        return [.loadPlan(target: version.name)]
    }

    private static func migrate(_ state: inout ConsoleState) -> [ConsoleEffect] {
        if SalvageKeys.offerAgain(&state) { return [] }
        guard let plan = state.plan else {
            state.message =
                state.planError ?? (state.versions.isEmpty ? noModel : "no plan yet: choose a target in the Versions pane with t")
            return []
        }
        guard !plan.steps.isEmpty else {
            state.message = "already at \(plan.target)"
            return []
        }
        // A step that loses data needs an explicit choice: Enter alone cancels.
        state.confirm = plan.steps.contains(where: \.isLossy) ? .cancel : .migrate
        return []
    }

    private static func openBrowser(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let entities = state.overview?.entities else { return [] }
        let index = state.cursor[.entities] ?? 0
        guard entities.indices.contains(index) else { return [] }
        state.browser = BrowserState(entity: entities[index].name)
        state.screen = .browser
        return [.loadRows(entity: entities[index].name, offset: 0)]
    }
}
