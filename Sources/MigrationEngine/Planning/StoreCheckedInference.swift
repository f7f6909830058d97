import Synchronization

/// Inference judged for one store: a step out of the store's own version whose conditions its objects
/// break (``InferredMapping/conditions``) is not inferable for it, so the planner routes around it, or says
/// why there is no route, instead of choosing a step the run would stop at.
///
/// Only steps from the store's version are checked here: a later step's source is written by the steps
/// before it, and its conditions are checked on that source when the step runs.
final class StoreCheckedInference: InferenceProvider {
    let base: any InferenceProvider
    /// The version the store is at.
    let storeVersion: String
    /// Counts the objects that break the conditions, in the store at `storeVersion` of the given model.
    let count: @Sendable ([StoreCondition], ObjectModel) throws -> [StoreCondition]
    /// What counting found by step, so a pair judged again reads the store once.
    private let counted = Mutex<[StepKey: Counted]>([:])

    private struct StepKey: Hashable {
        let from: String
        let to: String
    }

    /// The conditions with their counts, or why the store could not be read for them (kept as the planning
    /// warning: the step is still planned, and its conditions are checked when it runs).
    private enum Counted {
        case conditions([StoreCondition])
        case unreadable(String)
    }

    init(
        base: any InferenceProvider, storeVersion: String,
        count: @escaping @Sendable ([StoreCondition], ObjectModel) throws -> [StoreCondition]
    ) {
        self.base = base
        self.storeVersion = storeVersion
        self.count = count
    }

    func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
        var assessment = base.assess(from: source, to: destination)
        guard source.model.name == storeVersion, assessment.isInferable, let mapping = assessment.mapping,
            !mapping.conditions.isEmpty
        else { return assessment }
        let key = StepKey(from: source.model.name, to: destination.model.name)
        let outcome = counted.withLock { $0[key] } ?? countOnce(mapping.conditions, in: source.model, key: key)
        switch outcome {
        case .conditions(let conditions):
            let broken = conditions.filter { ($0.count ?? 0) > 0 }
            guard !broken.isEmpty else { return assessment }
            // The step stays in the graph, not in this store's routes, with the counts as its reasons.
            assessment.isInferable = false
            assessment.warnings = broken.map(\.description)
        case .unreadable(let message):
            assessment.warnings.append("the store's objects could not be checked while planning (\(message))")
        }
        return assessment
    }

    private func countOnce(_ conditions: [StoreCondition], in model: ObjectModel, key: StepKey) -> Counted {
        let outcome: Counted
        do {
            outcome = .conditions(try count(conditions, model))
        } catch {
            outcome = .unreadable("\(error)")
        }
        counted.withLock { $0[key] = outcome }
        return outcome
    }

    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        base.losesData(from: source, to: destination)
    }

    /// The steps are the base provider's.
    var makesEngineSteps: Bool { base.makesEngineSteps }

    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        try base.makeStep(from: source, to: destination)
    }
}
