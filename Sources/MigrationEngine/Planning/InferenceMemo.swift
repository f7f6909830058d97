import Synchronization

/// What inference said about each pair of versions asked so far, and each version's ``InferenceIndex``: a
/// graph judges a pair only when a search (or the whole-graph view) first needs it, and never twice, since
/// judging diffs two whole models; and it indexes a version once, however many pairs it is part of.
final class InferenceMemo: Sendable {
    private let results = Mutex<[VersionPair: InferenceAssessment]>([:])
    /// Whether a pair loses data, where only that was asked.
    private let losses = Mutex<[VersionPair: Bool]>([:])
    private let indexes = Mutex<[String: InferenceIndex]>([:])

    /// The remembered assessment of `pair`, or `judge`'s, remembered from now on.
    func assessment(of pair: VersionPair, judge: () -> InferenceAssessment) -> InferenceAssessment {
        results.remembered(pair, limit: .max, judge)
    }

    /// The remembered assessment of `pair`, nil when it was not judged whole.
    func knownAssessment(of pair: VersionPair) -> InferenceAssessment? {
        results.withLock { $0[pair] }
    }

    /// Whether `pair` loses data: the remembered assessment's answer, or `screen`'s, remembered from now on.
    func losesData(_ pair: VersionPair, screen: () -> Bool) -> Bool {
        if let known = results.withLock({ $0[pair] }) { return known.isLossy }
        return losses.remembered(pair, limit: .max, screen)
    }

    /// The remembered index of `version`, or `build`'s, remembered from now on.
    func index(of version: String, build: () -> InferenceIndex) -> InferenceIndex {
        indexes.remembered(version, limit: .max, build)
    }
}
