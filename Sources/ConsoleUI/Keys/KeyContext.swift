/// Where the user is, which decides what a key does and which hints are shown.
package enum KeyContext: String, Sendable, Hashable, CaseIterable {
    /// The main screen with its four panes.
    case panes
    /// The data browser of one entity.
    case browser
    /// Typing the data browser's filter after `/`.
    case filter
    /// Typing what to look for after `/` in a pane, the help or the details.
    case find
    /// The `:` command palette.
    case palette
    /// Typing the file the data browser exports the entity to, after `e`.
    case export
    /// Answering the questions that seed a fixture store, after `N`.
    case seed
    /// One row of the data browser, every attribute in full.
    case record
    /// The store picker shown when no store was given.
    case picker
    /// Typing the store picker's filter after `/`.
    case pickerFilter
    /// The Migrate / Dry run / Cancel dialog.
    case confirm
    /// The offer to salvage a damaged store.
    case salvage
    /// A migration running.
    case run
    /// The "abort the run?" question.
    case abortPrompt
    /// The "make this version the target?" question, after Enter or a click on a version.
    case retargetConfirm
    /// The result screen after a run.
    case result
    /// The history screen: the store's backups and runs.
    case history
    /// The "Restore?" question.
    case restoreConfirm
    /// The details view: every error, warning and plan problem in full.
    case details
    /// The help overlay.
    case help

    /// The heading of this context's section in the help overlay.
    package var title: String {
        switch self {
        case .panes: "Main screen"
        case .browser: "Data browser"
        case .filter: "Filter (typing)"
        case .find: "Search (typing)"
        case .palette: "Command palette (typing)"
        case .export: "Export (typing a path)"
        case .seed: "Seed a fixture store (typing)"
        case .record: "Record view"
        case .picker: "Store picker"
        case .pickerFilter: "Picker filter (typing)"
        case .confirm: "Confirm dialog"
        case .salvage: "Salvage offer"
        case .run: "Run view"
        case .abortPrompt: "Abort question"
        case .retargetConfirm: "Retarget question"
        case .result: "Result screen"
        case .history: "History"
        case .restoreConfirm: "Restore question"
        case .details: "Details view"
        case .help: "Help"
        }
    }
}
