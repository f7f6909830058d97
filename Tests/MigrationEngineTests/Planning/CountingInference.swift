import MigrationEngine
import Synchronization

/// The engine's own inference provider, recording every pair of versions it is asked to judge, in order.
final class CountingInference: InferenceProvider {
    private let engine = InferredStepProvider()
    private let asked = Mutex<[VersionPair]>([])

    /// The pairs judged so far.
    var pairs: [VersionPair] { asked.withLock { $0 } }

    func assess(from source: ObjectModel, to destination: ObjectModel) -> InferenceAssessment {
        asked.withLock { $0.append(VersionPair(from: source.name, to: destination.name)) }
        return engine.assess(from: source, to: destination)
    }

    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        try engine.makeStep(from: source, to: destination)
    }
}
