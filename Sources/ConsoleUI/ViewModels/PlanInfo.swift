import MigrationEngine

/// The planned chain to the target version, as the Plan pane and the confirm dialog show it.
public struct PlanInfo: Sendable, Hashable {
    /// The version the store is at.
    public var source: String
    /// The target version.
    public var target: String
    /// The steps in order; empty when the store is already at the target.
    public var steps: [PlanStep]
    /// Where the original store set will be backed up before the swap.
    public var backupLocation: String
    /// Plan-wide warnings (for example, no route and why).
    public var warnings: [String]

    /// Creates a plan.
    public init(source: String, target: String, steps: [PlanStep], backupLocation: String, warnings: [String] = []) {
        self.source = source
        self.target = target
        self.steps = steps
        self.backupLocation = backupLocation
        self.warnings = warnings
    }
}

/// One step of a plan: what it does, and whether it loses data.
public struct PlanStep: Sendable, Hashable {
    /// Versions, kind, operations and warnings.
    public var summary: StepSummary
    /// Whether the planner says the step loses data.
    public var isLossy: Bool

    /// Creates a planned step.
    public init(summary: StepSummary, isLossy: Bool) {
        self.summary = summary
        self.isLossy = isLossy
    }
}
