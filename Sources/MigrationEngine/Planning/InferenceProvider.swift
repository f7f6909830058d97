/// Judges and builds inferred steps between two model versions, so the model diff stays in one place (the
/// inferred mapping) and can be swapped in tests. A graph asks it only about pairs the order allows, each at
/// most once, and only when a search reaches them (about all of them only for the whole graph).
public protocol InferenceProvider: Sendable {
    /// Whether a step from `source` to `destination` can be inferred, and whether it loses data.
    func assess(from source: ObjectModel, to destination: ObjectModel) -> InferenceAssessment
    /// The runnable inferred step.
    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep
}

/// What inference between two versions would do.
public struct InferenceAssessment: Sendable, Hashable {
    /// Whether the step can be inferred at all.
    public var isInferable: Bool
    /// Whether it drops data the source holds (an attribute removed without a rename, an entity dropped…).
    public var isLossy: Bool
    /// The operations it performs.
    public var operations: [String]
    /// Warnings, or the reasons it cannot be inferred.
    public var warnings: [String]

    /// Creates an assessment.
    public init(isInferable: Bool, isLossy: Bool = false, operations: [String] = [], warnings: [String] = []) {
        self.isInferable = isInferable
        self.isLossy = isLossy
        self.operations = operations
        self.warnings = warnings
    }
}
