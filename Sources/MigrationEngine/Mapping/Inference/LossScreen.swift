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
        /// Whether an entity changes parents (``MappingInferrer/changesParent(_:from:)``).
        let changesParent: Bool
    }

    private let matchings = Mutex<[Pair: Matching]>([:])
    private let entityLosses = Mutex<[Pair: MappingInferrer.EntityDrops]>([:])
    private let comparisons = Atomic<Int>(0)
    private let mappedEntities = Atomic<Int>(0)

    /// How many pairs of entities were compared so far (each distinct comparison once): what screening a
    /// long history costs, since the rest is looking answers up.
    var comparisonCount: Int { comparisons.load(ordering: .relaxed) }

    /// How many entities were mapped so far to tell whether relationships dropped on one side are kept by their
    /// inverses (``MappingInferrer/dropsKeptNowhere(oneSide:mapped:)``).
    var mappedEntityCount: Int { mappedEntities.load(ordering: .relaxed) }

    init() {}

    /// Whether the inferred step from `source` to `destination` drops anything that holds data of its own.
    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool {
        let matching = matchings.remembered(Pair(source: source.entitiesDigest, destination: destination.entitiesDigest)) {
            let inferrer = MappingInferrer(source: source, destination: destination)
            return Matching(
                dropsEntity: inferrer.dropsEntity, pairs: inferrer.matchedEntities,
                changesParent: inferrer.matchedEntities.contains { to, from in
                    inferrer.changesParent(destination.entity(at: to), from: source.entity(at: from))
                })
        }
        if matching.dropsEntity { return true }
        // The comparisons made before answer first: most pairs a search screens lose data (wire's 2.24.1 →
        // 2.101.0: 1,769 of 1,925), nearly always through an entity whose loss an earlier pair found already,
        // so entities not compared before are compared only when no known comparison settles the pair.
        let pairs = matching.pairs.map { (to, from) in
            Pair(source: source.lossDigest(at: from), destination: destination.lossDigest(at: to))
        }
        let known = entityLosses.withLock { memory in pairs.map { memory[$0] } }
        if known.contains(.data) { return true }
        var oneSide = matching.pairs.indices.filter { known[$0] == .oneSide }
        for (index, (to, from)) in matching.pairs.enumerated() where known[index] == nil {
            // An entity's properties are gathered only for a comparison not made before.
            let drops = entityLosses.remembered(pairs[index]) {
                comparisons.add(1, ordering: .relaxed)
                return MappingInferrer.dropsData(destination.properties(at: to), from: source.properties(at: from))
            }
            if drops == .data { return true }
            if drops == .oneSide { oneSide.append(index) }
        }
        // An entity changing parents may leave what a to-one points at: only the whole mapping tells. So may a
        // one-to-one not kept as one (``MappingInferrer/oneToOneKept(_:from:in:)``).
        if matching.changesParent || !source.oneToOnes.isSubset(of: destination.oneToOnes) {
            return MappingInferrer.dropsAnything(MappingInferrer(source: source, destination: destination))
        }
        // A relationship dropped on one side of a pair is lost only where the other side is not carried for all
        // its objects, which only the other entities tell (rare: a version dropping nothing else).
        if !oneSide.isEmpty {
            var mapped = 0
            defer { mappedEntities.add(mapped, ordering: .relaxed) }
            return MappingInferrer(source: source, destination: destination).dropsKeptNowhere(
                oneSide: oneSide.sorted().map { matching.pairs[$0] }, mapped: &mapped)
        }
        // Two relationships that become each other's inverse lose the links on which they disagree; only a
        // pair whose versions differ in some inverse is looked at.
        guard !destination.inverseLinks.isSubset(of: source.inverseLinks) else { return false }
        return !MappingInferrer(source: source, destination: destination).gainedInverseConflicts().isEmpty
    }
}
