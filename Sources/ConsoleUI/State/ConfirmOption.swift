/// The choices of the dialog shown before anything is written.
public enum ConfirmOption: Int, Sendable, Hashable, CaseIterable {
    case migrate, dryRun, cancel

    /// The button's label.
    public var label: String {
        switch self {
        case .migrate: "Migrate"
        case .dryRun: "Dry run"
        case .cancel: "Cancel"
        }
    }
}
