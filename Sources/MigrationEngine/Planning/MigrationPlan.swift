/// The chain of steps chosen to take a store from one version to another.
public struct MigrationPlan: Sendable, CustomStringConvertible {
    /// The store's version.
    public var from: String
    /// The target version.
    public var to: String
    /// The steps, in the order they run; empty when the store is already at the target, or at a version
    /// whose entity hashes are the target's too (Core Data then opens it with the target unmigrated; a
    /// warning says so).
    public var steps: [StepCandidate]
    /// Plan-level warnings: lossy steps, explicit mappings the chain could not honour.
    public var warnings: [String]

    /// Creates a plan.
    package init(from: String, to: String, steps: [StepCandidate], warnings: [String] = []) {
        self.from = from
        self.to = to
        self.steps = steps
        self.warnings = warnings
    }

    /// The plan-level warning about a lossy step, with the step's own warnings.
    static func lossWarning(_ step: StepCandidate) -> String {
        "\(step.from) → \(step.to) is inferred and loses data: " + step.warnings.joined(separator: "; ")
    }

    /// The chain in test notation: `V1-ex-V2, V2-ex-V3, V3-inf-V5`.
    public var description: String { steps.map(\.description).joined(separator: ", ") }
}
