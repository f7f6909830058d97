import Synchronization

/// What inference said about each pair of versions asked so far: a graph judges a pair only when a search (or
/// the whole-graph view) first needs it, and never twice, since judging diffs two whole models.
final class InferenceMemo: Sendable {
    private let results = Mutex<[VersionPair: InferenceAssessment]>([:])

    /// The remembered assessment of `pair`, or `judge`'s, remembered from now on.
    func assessment(of pair: VersionPair, judge: () -> InferenceAssessment) -> InferenceAssessment {
        if let known = results.withLock({ $0[pair] }) { return known }
        // Judged outside the lock: two threads asking at once may both judge, and both get the same answer.
        let judged = judge()
        return results.withLock { known in
            if let first = known[pair] { return first }
            known[pair] = judged
            return judged
        }
    }
}
