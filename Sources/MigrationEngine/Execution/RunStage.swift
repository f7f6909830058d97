/// The stages of a run besides copying rows, reported as they begin so progress never sits silent at 100%.
public enum RunStage: Sendable, Hashable {
    /// Taking the consistent copy of the store (its `-wal` included) that the first step reads.
    case snapshot
    /// Checking step `step`'s result (integrity, schema, row counts) before the next step reads it.
    case validation(step: Int)
    /// Copying the original store set into its backup folder.
    case backup
    /// Putting the migrated store in the original's place under the journal.
    case swap

    /// The stage's name in JSON events (`snapshot`, `validation`, `backup`, `swap`).
    public var name: String {
        switch self {
        case .snapshot: "snapshot"
        case .validation: "validation"
        case .backup: "backup"
        case .swap: "swap"
        }
    }
}
