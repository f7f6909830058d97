import MigrationEngine

/// Everything the console shows, as plain data: views render it, the controller changes it.
package struct ConsoleState: Sendable, Hashable {
    /// The full screen shown.
    package var screen: ConsoleScreen
    /// The focused pane of the main screen.
    package var focus: Pane = .versions
    /// Whether the focused pane fills the body (`z`): an 18-line plan at 80×24 shows whole.
    package var zoomed = false
    /// The store being read off the UI thread (opened, picked or reloaded), until it is shown; Esc stops waiting.
    package var opening: String?
    /// The target being planned off the UI thread, until its plan is shown; Esc stops waiting.
    package var planning: String?
    /// The version Enter (or a click) on the Versions pane asks to make the target, while the question is open.
    package var retargetPrompt: String?
    /// Whether the question's Retarget button is the highlighted one (it is at first: retargeting only replans).
    package var retargetHighlighted = true
    /// The text looked for with `/` in a pane, the help or the details, while typed and after (for n and N).
    package var find: FindState?
    /// The `:` command palette, while it is open.
    package var palette: PaletteState?
    /// Whether the help overlay is open.
    package var showHelp = false
    /// The help overlay's first line shown.
    package var helpScroll = 0
    /// Whether the details view (every error, warning and plan problem in full) is open.
    package var showDetails = false
    /// The details view's first line shown.
    package var detailsScroll = 0
    /// The model's name, for the title bar.
    package var modelName: String?
    /// The open store, `nil` before one is open.
    package var overview: StoreOverview?
    /// The model's versions in order.
    package var versions: [VersionInfo] = []
    /// Groups of versions Core Data cannot tell apart: their entity hashes are identical.
    package var identicalVersions: [[String]] = []
    /// Which version the store is at.
    package var compatibility: CompatibilityReport?
    /// The version a migration has just put the store at, for the title bar until the store has been read
    /// again (``show(_:)`` clears it).
    package var versionAfterRun: String?
    /// The migration target.
    package var target: String?
    /// The plan to the target, `nil` while none is known.
    package var plan: PlanInfo?
    /// Why there is no plan, if planning failed.
    package var planError: String?
    /// The selected line (list panes) or first line shown (scrolling panes), per pane.
    package var cursor: [Pane: Int] = [:]
    /// The open confirm dialog's highlighted option.
    package var confirm: ConfirmOption?
    /// The offer to salvage a store that could not be opened because it is damaged.
    package var salvageOffer: SalvageOffer?
    /// The damaged store whose offer was cancelled: the Store pane says so and `m` offers salvage again.
    package var damagedStore: SalvageOffer?
    /// What the last salvage kept, shown over the new store until dismissed.
    package var salvageReport: SalvageSummary?
    /// The questions that seed a fixture store, while they are asked (`N` on the main screen).
    package var seedPrompt: SeedPrompt?
    /// The data browser, on the browser screen.
    package var browser: BrowserState?
    /// The store picker, on the picker screen.
    package var picker: PickerState?
    /// Why the console ends by itself: the store it was started on (no picker to go back to) could not be
    /// read with its model or mappings, bad input the command line then reports.
    package var fatal: ConsoleFailure?
    /// The current or last run.
    package var run: RunProgress?
    /// The history screen, while it is open.
    package var history: HistoryState?
    /// Whether the engine thread is running a migration (or dry run), until it has ended.
    package var engineRunning = false
    /// Whether the "abort the run?" question is showing.
    package var abortPrompt = false
    /// Whether the abort question's highlighted button is "Abort" (it starts on "Keep going").
    package var abortHighlighted = false
    /// A message for the title bar (errors, hints), cut to one line there; the details view shows it in full.
    package var message: String? {
        didSet {
            guard let message, message != oldValue else { return }
            messages.append(message)
            if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
        }
    }
    /// Every message shown since the console started (the newest last), for the details view.
    package var messages: [String] = []
    /// How many messages are kept.
    package static let messageLimit = 100
    /// What the console is waiting for before the store can be opened, if anything.
    package var preparing: String?
    /// The export waited for, which Esc stops (the file it replaces is kept), and how far it has got.
    package var export: ExportProgress?
    /// Whether the work waited for is an export.
    package var exporting: Bool { export != nil }
    /// When the work the console waits for started, in the console's clock (its seconds since start).
    package var preparingSince: Double = 0
    /// The terminal size, for paging.
    package var size = TerminalSize(width: 80, height: 24)

    /// Creates the state for a screen.
    package init(screen: ConsoleScreen) {
        self.screen = screen
    }

    /// The version under the Versions pane's cursor (the one the Store pane compares hashes with).
    package var selectedVersion: VersionInfo? {
        let index = cursor[.versions] ?? 0
        return versions.indices.contains(index) ? versions[index] : nil
    }

    /// The layout for the current size and content.
    package var layout: ScreenLayout {
        ScreenLayout(size: size, listWidth: VersionsPane.preferredWidth(self), zoomed: zoomed ? focus : nil)
    }

    /// Where keys are interpreted now.
    package var keyContext: KeyContext {
        if palette != nil { return .palette }
        if find?.input != nil { return .find }
        return showHelp ? .help : contextBehindHelp
    }

    /// Where keys would be interpreted with the help overlay closed.
    package var contextBehindHelp: KeyContext {
        if showDetails { return .details }
        if salvageOffer != nil || salvageReport != nil { return .salvage }
        switch screen {
        case .picker: return picker?.filterInput != nil ? .pickerFilter : .picker
        case .main:
            if confirm != nil { return .confirm }
            if seedPrompt != nil { return .seed }
            return retargetPrompt != nil ? .retargetConfirm : .panes
        case .browser:
            if browser?.filterInput != nil { return .filter }
            if browser?.exportPrompt != nil { return .export }
            return browser?.showsRecord == true ? .record : .browser
        case .run: return abortPrompt ? .abortPrompt : .run
        case .result: return .result
        case .history: return history?.confirm != nil ? .restoreConfirm : .history
        }
    }
}
