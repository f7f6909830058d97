/// Draws the whole console for a state: title bar, the current screen, overlays, and the hint bar.
package struct ConsoleRenderer: Sendable {
    /// The key table the hint bar and help are generated from.
    package var keys: KeyTable
    /// The glyphs the terminal can draw.
    package var glyphs: Glyphs

    /// Creates a renderer.
    package init(keys: KeyTable = .standard, glyphs: Glyphs = .unicode) {
        self.keys = keys
        self.glyphs = glyphs
    }

    /// Renders the state into a new buffer of the state's size; `now` is the run clock in seconds.
    package func render(_ state: ConsoleState, now: Double = 0) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.size.width, height: state.size.height)
        let layout = state.layout
        guard layout.fits else {
            // Wrapped, so even a 40×12 terminal shows the whole notice; keys other than q do nothing here.
            let notice =
                "Terminal \(state.size.width)×\(state.size.height): cdmigrate needs at least 80×24. "
                + (state.keyContext == .run ? "The run goes on; enlarge the terminal to see it." : "q quits.")
            for (row, part) in TerminalWidth.wrap(notice, to: max(1, state.size.width)).enumerated() {
                buffer.put(part, x: 0, y: row, style: .warning)
            }
            return glyphs.apply(to: buffer)
        }
        TitleBar.draw(state, into: &buffer, in: layout.titleBar)
        if let preparing = state.preparing {
            var wait = Dialog(
                title: "Please wait",
                lines: [
                    StyledText(preparing), StyledText("elapsed " + TimeText.format(now - state.preparingSince), style: .dim),
                ],
                buttons: [], selected: 0)
            // The keys that work while the console waits (ConsoleController): nothing else may start under it.
            wait.footer = state.exporting ? "Esc stops the export  q stops and quits" : "q stops and quits"
            wait.draw(into: &buffer, in: layout.body)
        } else {
            drawScreen(state, layout: layout, now: now, into: &buffer)
        }
        if state.screen == .main, let option = state.confirm, let plan = state.plan {
            footed(
                ConfirmDialog.dialog(
                    plan: plan, storeName: state.overview?.name ?? "store", selected: option, width: layout.body.width),
                state
            )
            .draw(into: &buffer, in: layout.body)
        }
        if state.screen == .main, let version = state.retargetPrompt {
            footed(
                VersionsPane.retargetDialog(
                    version: version, target: state.target, retargetHighlighted: state.retargetHighlighted), state
            )
            .draw(into: &buffer, in: layout.body)
        }
        if state.screen == .main, let prompt = state.seedPrompt {
            SeedDialog.dialog(prompt).draw(into: &buffer, in: layout.body)
        }
        if let offer = state.salvageOffer, state.preparing == nil {
            footed(SalvageDialog.dialog(offer, width: layout.body.width), state).draw(into: &buffer, in: layout.body)
        } else if let report = state.salvageReport, state.preparing == nil {
            footed(SalvageDialog.report(report, width: layout.body.width), state).draw(into: &buffer, in: layout.body)
        }
        if state.screen == .run, state.abortPrompt {
            footed(AbortDialog.dialog(abortHighlighted: state.abortHighlighted), state).draw(into: &buffer, in: layout.body)
        }
        if state.showDetails {
            DetailsView.draw(state, into: &buffer, in: layout.body)
        }
        if state.showHelp {
            HelpOverlay.draw(for: state.contextBehindHelp, keys: keys, scroll: state.helpScroll, into: &buffer, in: layout.body)
        }
        if let palette = state.palette {
            PaletteView.draw(palette, keys: keys, into: &buffer, in: layout.body)
        }
        TitleBar.drawStatus(state, into: &buffer, in: layout.statusLine)
        if let input = state.find?.input {
            buffer.fill(layout.statusLine)
            let hint = state.find?.line == nil && !input.text.isEmpty ? "  no match" : "  Enter keeps · Esc goes back"
            buffer.put(
                input.drawn(after: StyledText("/", style: .title)).appending(hint, .dim), x: layout.statusLine.x,
                y: layout.statusLine.y, limit: layout.statusLine.maxX)
        }
        // The salvage report has one button: nothing to move between, as its footer says.
        let oneButton = state.keyContext == .salvage && state.salvageOffer == nil
        let hints = oneButton ? keys.without([.nextPane, .previousPane]) : keys
        HintBar.draw(for: state.keyContext, keys: hints, into: &buffer, in: layout.hintBar)
        return glyphs.apply(to: buffer)
    }

    /// A dialog with the keys of the question it asks in its bottom border, from the key table like the hint bar.
    private func footed(_ dialog: Dialog, _ state: ConsoleState) -> Dialog {
        var footed = dialog
        footed.footer = Self.dialogKeys(state.keyContext, keys: keys, buttons: dialog.buttons.count)
        return footed
    }

    /// A question's keys in a dialog's words: Tab chooses a button, Enter presses it, Esc cancels; the
    /// question's own answers (`y`, `n`) keep their hints. Help is on the hint bar below. A dialog of one
    /// button (a report) has nothing to choose or cancel: Tab is left out and Esc closes it.
    static func dialogKeys(_ context: KeyContext, keys: KeyTable, buttons: Int) -> String {
        keys.bindings(in: context).compactMap { binding -> String? in
            guard binding.inHintBar else { return nil }
            switch binding.action {
            case .nextPane: return buttons > 1 ? binding.label + " choose" : nil
            case .open: return binding.label + " press"
            case .back: return binding.label + (buttons > 1 ? " cancel" : " close")
            case .help: return nil
            default: return binding.label + " " + binding.hint
            }
        }
        .joined(separator: "  ")
    }

    private func drawScreen(_ state: ConsoleState, layout: ScreenLayout, now: Double, into buffer: inout ScreenBuffer) {
        switch state.screen {
        case .picker:
            if let picker = state.picker { PickerView.draw(picker, into: &buffer, in: layout.body) }
        case .main:
            for pane in Pane.allCases {
                guard let rect = layout.panes[pane] else { continue }
                frame(for: pane, state: state, width: rect.width).draw(into: &buffer, in: rect)
            }
        case .browser:
            if let browser = state.browser {
                DataBrowserView.draw(browser, rowsPerPage: layout.browserRows, null: glyphs.null, into: &buffer, in: layout.body)
                if browser.showsRecord { RecordView.draw(browser, null: glyphs.null, into: &buffer, in: layout.body) }
            }
        case .run:
            if let run = state.run {
                RunView.draw(run, storeName: state.overview?.name ?? "store", now: now, into: &buffer, in: layout.body)
            }
        case .result:
            if let run = state.run { ResultView.draw(run, storePath: state.overview?.path, into: &buffer, in: layout.body) }
        case .history:
            if let history = state.history {
                HistoryView.draw(
                    history, storeName: state.overview?.name ?? "store",
                    // The restore question has two buttons, Restore and Cancel.
                    questionKeys: Self.dialogKeys(.restoreConfirm, keys: keys, buttons: 2), into: &buffer, in: layout.body)
            }
        }
    }

    private func frame(for pane: Pane, state: ConsoleState, width: Int) -> PaneFrame {
        switch pane {
        case .versions: VersionsPane.frame(state)
        case .entities: EntitiesPane.frame(state, width: width)
        case .store: StorePane.frame(state)
        case .plan: PlanPane.frame(state, width: width)
        }
    }
}
