/// The choices of the dialog shown before anything is written.
package enum ConfirmOption: Int, Sendable, Hashable, CaseIterable {
    case migrate, dryRun, cancel

    /// The button's label.
    package var label: String {
        switch self {
        case .migrate: "Migrate"
        case .dryRun: "Dry run"
        case .cancel: "Cancel"
        }
    }
}
