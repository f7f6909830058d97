/// Consecutive inferred steps of a plan that run as one pass: one inferred step from the first one's source
/// version to the last one's destination, which provably does what they do one after the other
/// (``StepFusion``), so the store's rows are read and written once instead of once per step.
public struct FusedSteps: Sendable {
    /// The positions in ``MigrationPlan/steps`` of the steps it runs (at least two).
    public var steps: ClosedRange<Int>
    /// The one step that runs them: inferred, from the first step's source to the last step's destination.
    public var step: StepCandidate

    /// Creates a fused run of `steps`, run as `step`.
    package init(steps: ClosedRange<Int>, step: StepCandidate) {
        self.steps = steps
        self.step = step
    }
}
