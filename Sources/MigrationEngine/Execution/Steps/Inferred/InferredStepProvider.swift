/// The engine's ``InferenceProvider``: judges pairs of versions with ``InferredMapping`` and builds
/// ``InferredStep``s, so planning and execution agree on what inference does.
package struct InferredStepProvider: InferenceProvider {
    /// What screening pairs for loss compared so far, shared by every graph this provider judges for.
    private let screen = LossScreen()

    /// Creates the provider.
    package init() {}

    /// Inferable when lightweight migration could do it; lossy when it drops anything the source stores
    /// (without a store at hand every dropped attribute, relationship or entity counts).
    package func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
        let mapping = InferredMapping.infer(from: source, to: destination)
        let warnings =
            mapping.isInferable
            ? mapping.notices : mapping.notInferable.map(\.description)
        return InferenceAssessment(
            isInferable: mapping.isInferable, isLossy: !mapping.drops.isEmpty,
            operations: mapping.operations, warnings: warnings, mapping: mapping)
    }

    /// Matches entities and properties as ``assess(from:to:)`` does, and stops at the first thing dropped:
    /// no mapping, operation or warning is written for a pair a search only rules out, and each comparison
    /// of two entities is made once for all the pairs that repeat them (``LossScreen``).
    package func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        screen.losesData(from: source, to: destination)
    }

    /// How many distinct pairs of entities screening pairs for loss has compared so far (``LossScreen``).
    package var screenedEntityComparisons: Int { screen.comparisonCount }

    /// How many entities screening has mapped to tell whether relationships dropped on one side are kept by
    /// their inverses (``LossScreen``).
    package var screenedEntityMappings: Int { screen.mappedEntityCount }

    /// Its steps are ``InferredStep``s.
    package var makesEngineSteps: Bool { true }

    /// The step.
    package func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        InferredStep(sourceModel: source, destinationModel: destination)
    }
}
