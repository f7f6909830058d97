import Synchronization

/// Answers ``MappingInferrer/losesData()`` for many pairs of one model's versions, remembering each part of
/// the answer by the content it was computed from: how two versions' entities match (by their
/// ``InferenceIndex/entitiesDigest``s) and whether one entity drops data of another (by their
/// ``InferenceIndex/lossDigest(at:)``s).
///
/// A search over a long history screens most pairs of its versions (wire's 2.24.1 → 2.101.0: about 1,800),
/// and the versions of one model repeat most entities unchanged, so the same two entities were compared
/// again for nearly every pair; now each distinct comparison is made once. The digests cover everything the
/// comparisons read, so a remembered answer is the one computing it again would give.
final class LossScreen: Sendable {
    /// More distinct comparisons than any model makes; past it the memory starts again, so hostile models
    /// cannot make it grow without bound.
    static let limit = 1 << 16

    private struct Pair: Hashable {
        let source: ContentDigest.Bytes
        let destination: ContentDigest.Bytes
    }

    /// How the entities of two versions match: whether one of the source's is dropped, and the pairs of
    /// positions that take objects from each other.
    private struct Matching: Sendable {
        let dropsEntity: Bool
        let pairs: [(destination: Int, source: Int)]
    }

    private let matchings = Mutex<[Pair: Matching]>([:])
    private let entityLosses = Mutex<[Pair: Bool]>([:])

    init() {}

    /// Whether the inferred step from `source` to `destination` drops anything that holds data of its own.
    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        let matching = matchings.remembered(Pair(source: source.entitiesDigest, destination: destination.entitiesDigest)) {
            let inferrer = MappingInferrer(source: source, destination: destination)
            return Matching(dropsEntity: inferrer.dropsEntity, pairs: inferrer.matchedEntities)
        }
        if matching.dropsEntity { return true }
        for (to, from) in matching.pairs {
            // An entity's properties are gathered only for a comparison not made before.
            let pair = Pair(source: source.lossDigest(at: from), destination: destination.lossDigest(at: to))
            let drops = entityLosses.remembered(pair) {
                MappingInferrer.dropsData(destination.properties(at: to), from: source.properties(at: from))
            }
            if drops { return true }
        }
        // Two relationships that become each other's inverse lose the links on which they disagree; only a
        // pair whose versions differ in some inverse is looked at.
        guard !destination.inverseLinks.isSubset(of: source.inverseLinks) else { return false }
        return !MappingInferrer(source: source, destination: destination).gainedInverseConflicts().isEmpty
    }
}
