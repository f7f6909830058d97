/// The engine's ``InferenceProvider``: judges pairs of versions with ``InferredMapping`` and builds
/// ``InferredStep``s, so planning and execution agree on what inference does.
package struct InferredStepProvider: InferenceProvider {
    /// Creates the provider.
    package init() {}

    /// Inferable when lightweight migration could do it; lossy when it drops anything the source stores
    /// (without a store at hand every dropped attribute, relationship or entity counts).
    package func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
        let mapping = InferredMapping.infer(from: source, to: destination)
        let warnings =
            mapping.isInferable
            ? mapping.drops.map(\.description) + mapping.warnings + mapping.suggestedRenames.map(\.description)
            : mapping.notInferable.map(\.description)
        return InferenceAssessment(
            isInferable: mapping.isInferable, isLossy: !mapping.drops.isEmpty,
            operations: mapping.operations, warnings: warnings)
    }

    /// Matches entities and properties as ``assess(from:to:)`` does, and stops at the first thing dropped:
    /// no mapping, operation or warning is written for a pair a search only rules out.
    package func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        MappingInferrer(source: source, destination: destination).losesData()
    }

    /// The step.
    package func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        InferredStep(sourceModel: source, destinationModel: destination)
    }
}
