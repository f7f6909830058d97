import MigrationEngine

/// The planned chain to the target version, as the Plan pane and the confirm dialog show it.
package struct PlanInfo: Sendable, Hashable {
    /// The version the store is at.
    package var source: String
    /// The target version.
    package var target: String
    /// The steps in order; empty when the store is already at the target.
    package var steps: [PlanStep]
    /// Where the original store set will be backed up before the swap.
    package var backupLocation: String
    /// Plan-wide warnings (for example, no route and why).
    package var warnings: [String]
    /// Whether the loss warnings count this store's data yet: a plan is shown as soon as it is made, and
    /// what its lossy steps drop is counted in the store afterwards, off the UI thread.
    package var lossCount: LossCount

    /// Where counting what a plan's lossy steps drop in the store stands.
    package enum LossCount: Sendable, Hashable {
        /// No step is lossy: nothing to count.
        case notNeeded
        /// Being counted: the warnings name what the versions drop, not yet how much of it the store holds.
        case counting
        /// Counted: the warnings say how many values the store loses, and a step dropping only empty things
        /// is no longer lossy.
        case counted
        /// The count failed, for this reason; the warnings stay as the planner wrote them.
        case failed(String)
    }

    /// Creates a plan.
    package init(
        source: String, target: String, steps: [PlanStep], backupLocation: String, warnings: [String] = [],
        lossCount: LossCount = .notNeeded
    ) {
        self.source = source
        self.target = target
        self.steps = steps
        self.backupLocation = backupLocation
        self.warnings = warnings
        self.lossCount = lossCount
    }
}

/// One step of a plan: what it does, and whether it loses data.
package struct PlanStep: Sendable, Hashable {
    /// Versions, kind, operations and warnings.
    package var summary: StepSummary
    /// Whether the planner says the step loses data.
    package var isLossy: Bool

    /// Creates a planned step.
    package init(summary: StepSummary, isLossy: Bool) {
        self.summary = summary
        self.isLossy = isLossy
    }
}

extension StepKind {
    /// How the console names a step's kind everywhere (the plan, the run's log, the history): `inferred` or
    /// `mapping`, the word users know from Xcode, where the engine says `explicit`.
    package var word: String { self == .inferred ? "inferred" : "mapping" }
}
