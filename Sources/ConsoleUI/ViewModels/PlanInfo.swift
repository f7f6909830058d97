import MigrationEngine

/// The planned chain to the target version, as the Plan pane and the confirm dialog show it.
public struct PlanInfo: Sendable, Hashable {
    /// The version the store is at.
    public var source: String
    /// The target version.
    public var target: String
    /// The steps in order; empty when the store is already at the target.
    public var steps: [StepSummary]
    /// Where the original store set will be backed up before the swap.
    public var backupLocation: String
    /// Plan-wide warnings (for example, no route and why).
    public var warnings: [String]

    /// Creates a plan.
    public init(source: String, target: String, steps: [StepSummary], backupLocation: String, warnings: [String] = []) {
        self.source = source
        self.target = target
        self.steps = steps
        self.backupLocation = backupLocation
        self.warnings = warnings
    }
}
