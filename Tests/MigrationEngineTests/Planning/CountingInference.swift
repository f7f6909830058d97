import MigrationEngine
import Synchronization

/// The engine's own inference provider, recording every pair of versions it is asked to judge whole, and
/// every pair it is asked only whether it loses data, in order.
final class CountingInference: InferenceProvider {
    private let engine = InferredStepProvider()
    private let asked = Mutex<[VersionPair]>([])
    private let screened = Mutex<[VersionPair]>([])

    /// The pairs judged whole so far.
    var pairs: [VersionPair] { asked.withLock { $0 } }
    /// The pairs asked only whether they lose data so far.
    var lossChecks: [VersionPair] { screened.withLock { $0 } }
    /// The distinct pairs of entities compared so far to answer those (``InferredStepProvider``'s own count).
    var screenedEntityComparisons: Int { engine.screenedEntityComparisons }
    /// The entities mapped so far to tell whether relationships dropped on one side are kept by their inverses.
    var screenedEntityMappings: Int { engine.screenedEntityMappings }

    func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
        asked.withLock { $0.append(VersionPair(from: source.model.name, to: destination.model.name)) }
        return engine.assess(from: source, to: destination)
    }

    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        screened.withLock { $0.append(VersionPair(from: source.model.name, to: destination.model.name)) }
        return engine.losesData(from: source, to: destination)
    }

    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        try engine.makeStep(from: source, to: destination)
    }
}
