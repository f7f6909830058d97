/// What a step takes from its source's bookkeeping (the version hashes its metadata records and each table's
/// `Z_MAX`), so that the run knows what to check before the step and what to record after it. Each step says
/// which applies to it, as it does for ``StepCounting``: the run never asks what type a step is.
package enum StepBookkeeping: Sendable {
    /// The source's bookkeeping is taken as it is: the run refuses a store whose recorded hashes are no
    /// longer the step's source version's, and a `Z_MAX` below a table's largest key is one of the faults it
    /// names when the step fails.
    case trusted
    /// The step rewrites the bookkeeping it was run to repair, so the recorded hashes and a low `Z_MAX` are
    /// why it runs, not faults; `changes` gives what it rewrote, once it has run.
    case rewritten(changes: @Sendable () -> RepairReport)

    /// Whether the source's recorded version and `Z_MAX` values are to be held against it.
    var isTrusted: Bool {
        if case .trusted = self { true } else { false }
    }
}

extension MigrationStep {
    /// A step that does not say otherwise takes its source's bookkeeping as it is.
    package var bookkeeping: StepBookkeeping { .trusted }
}
