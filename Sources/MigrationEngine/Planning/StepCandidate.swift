/// One edge of the version graph: a step that could run from one version to another.
public struct StepCandidate: Sendable, CustomStringConvertible {
    /// The version the step starts from.
    public var from: String
    /// The version the step produces.
    public var to: String
    /// Inferred from the two versions, or driven by the named explicit mapping.
    public var origin: StepOrigin
    /// Whether the step drops data the source holds (only inferred steps are judged lossy).
    public var isLossy: Bool
    /// Operations the step performs, for plans.
    public var operations: [String]
    /// Warnings, above all for data that would be lost.
    public var warnings: [String]
    private let factory: @Sendable () throws -> any MigrationStep

    /// Creates a candidate; `factory` builds the runnable step when the plan is executed.
    package init(
        from: String, to: String, origin: StepOrigin, isLossy: Bool = false,
        operations: [String] = [], warnings: [String] = [],
        factory: @escaping @Sendable () throws -> any MigrationStep
    ) {
        self.from = from
        self.to = to
        self.origin = origin
        self.isLossy = isLossy
        self.operations = operations
        self.warnings = warnings
        self.factory = factory
    }

    /// Inferred, or explicit.
    public var kind: StepKind { origin.kind }

    /// The step to run.
    package func makeStep() throws -> any MigrationStep { try factory() }

    /// The step as shown in plans and events.
    public var summary: StepSummary {
        StepSummary(from: from, to: to, kind: kind, operations: operations, warnings: warnings)
    }

    /// `A -ex-> B` or `A -inf-> B`, the notation of plans and tests.
    public var description: String { "\(from)-\(kind == .explicit ? "ex" : "inf")-\(to)" }
}
