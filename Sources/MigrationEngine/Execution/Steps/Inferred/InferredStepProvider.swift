/// The engine's ``InferenceProvider``: judges pairs of versions with ``InferredMapping`` and builds
/// ``InferredStep``s, so planning and execution agree on what inference does.
package struct InferredStepProvider: InferenceProvider {
    /// Creates the provider.
    package init() {}

    /// Inferable when lightweight migration could do it; lossy when it drops anything the source stores
    /// (without a store at hand every dropped attribute, relationship or entity counts).
    package func assess(from source: ObjectModel, to destination: ObjectModel) -> InferenceAssessment {
        let mapping = InferredMapping.infer(from: source, to: destination)
        let warnings =
            mapping.isInferable
            ? mapping.drops.map(\.description) + mapping.warnings + mapping.suggestedRenames.map(\.description)
            : mapping.notInferable.map(\.description)
        return InferenceAssessment(
            isInferable: mapping.isInferable, isLossy: !mapping.drops.isEmpty,
            operations: mapping.operations, warnings: warnings)
    }

    /// The step.
    package func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        InferredStep(sourceModel: source, destinationModel: destination)
    }
}
