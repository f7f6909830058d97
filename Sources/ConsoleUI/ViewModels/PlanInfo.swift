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

    /// Creates a plan.
    package init(source: String, target: String, steps: [PlanStep], backupLocation: String, warnings: [String] = []) {
        self.source = source
        self.target = target
        self.steps = steps
        self.backupLocation = backupLocation
        self.warnings = warnings
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
