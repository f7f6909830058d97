/// Judges and builds inferred steps between two model versions, so the model diff stays in one place (the
/// inferred mapping) and can be swapped in tests. A graph asks it only about pairs the order allows, each at
/// most once, and only when a search reaches them (about all of them only for the whole graph). Each version
/// comes with its ``InferenceIndex``, built once per graph.
package protocol InferenceProvider: Sendable {
    /// Whether a step from `source` to `destination` can be inferred, and whether it loses data.
    func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment
    /// Whether the step from `source` to `destination` drops data: the ``InferenceAssessment/isLossy`` of
    /// ``assess(from:to:)``, asked where a search only needs to rule out a lossy jump over other versions
    /// (most pairs of a long history), so a provider may answer it without the whole assessment.
    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool
    /// The runnable inferred step.
    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep
    /// Whether its steps are the engine's ``InferredStep``s, which ``StepFusion`` may run several as one.
    var makesEngineSteps: Bool { get }
}

extension InferenceProvider {
    /// Another provider's steps are its own: they run as planned.
    package var makesEngineSteps: Bool { false }

    /// The whole assessment's answer.
    package func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        assess(from: source, to: destination).isLossy
    }
}

/// What inference between two versions would do.
package struct InferenceAssessment: Sendable, Hashable {
    /// Whether the step can be inferred at all.
    package var isInferable: Bool
    /// Whether it drops data the source holds (an attribute removed without a rename, an entity dropped…).
    package var isLossy: Bool
    /// The operations it performs.
    package var operations: [String]
    /// Warnings, or the reasons it cannot be inferred.
    package var warnings: [String]
    /// The mapping judged, when the provider infers one: what a plan's steps drop is traced through it
    /// (``ChainLossTracer``) instead of inferring each step again.
    package var mapping: InferredMapping?

    /// Creates an assessment.
    package init(
        isInferable: Bool, isLossy: Bool = false, operations: [String] = [], warnings: [String] = [],
        mapping: InferredMapping? = nil
    ) {
        self.isInferable = isInferable
        self.isLossy = isLossy
        self.operations = operations
        self.warnings = warnings
        self.mapping = mapping
    }
}
