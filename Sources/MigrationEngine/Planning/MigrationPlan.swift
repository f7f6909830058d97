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
    /// Runs of consecutive inferred steps that run as one pass (see ``StepFusion``), in order; every step in
    /// none of them runs alone.
    public package(set) var fused: [FusedSteps] = []

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

    /// The passes a run makes, in order: each with the positions in ``steps`` it runs and the step that runs
    /// them (a fused one, or the plan's own step).
    package var passes: [(steps: ClosedRange<Int>, step: StepCandidate)] {
        var passes: [(steps: ClosedRange<Int>, step: StepCandidate)] = []
        var index = steps.startIndex
        while index < steps.endIndex {
            if let run = fused.first(where: { $0.steps.lowerBound == index }) {
                passes.append((run.steps, run.step))
                index = run.steps.upperBound + 1
            } else {
                passes.append((index...index, steps[index]))
                index += 1
            }
        }
        return passes
    }

    /// The chain in test notation: `V1-ex-V2, V2-ex-V3, V3-inf-V5`.
    public var description: String { steps.map(\.description).joined(separator: ", ") }
}
