/// The edges worth considering for a chain from `source` to `target`, produced as a search reaches each
/// version: they move in the chain's direction along the order without passing the target, and avoid broken
/// versions. Listing where a version may step to judges nothing; only ``edges(from:to:)`` asks inference,
/// so a search that finds its chain early never judges the pairs it did not look at.
struct CandidateEdges {
    let graph: VersionGraph
    let source: String
    let target: String
    /// Whether a lossy inferred step may jump over other versions (otherwise only a lossy step between
    /// neighbouring versions, a change the model's author made on purpose, is kept).
    let allowsLossyJumps: Bool
    private let upgrade: Bool
    /// The explicit steps by source version.
    private let explicit: [String: [StepCandidate]]

    init(graph: VersionGraph, source: String, target: String, allowsLossyJumps: Bool) {
        (self.graph, self.source, self.target, self.allowsLossyJumps) = (graph, source, target, allowsLossyJumps)
        let order = graph.order
        upgrade = order.precedes(source, target) || !order.precedes(target, source)
        var explicit: [String: [StepCandidate]] = [:]
        for edge in graph.explicitEdges { explicit[edge.from, default: []].append(edge) }
        self.explicit = explicit
    }

    /// The explicit steps out of `version` that fit the chain.
    func explicitEdges(from version: String) -> [StepCandidate] {
        (explicit[version] ?? []).filter { fits($0.from, $0.to) }
    }

    /// The versions `version` may step to (explicitly, or by inference if it can be inferred), the target
    /// first so a search learns early how good a chain can get; judges nothing.
    func destinations(from version: String) -> [String] {
        let explicitTargets = Set(explicitEdges(from: version).map(\.to))
        let ordered = [target] + graph.versions.filter { $0 != target }
        return ordered.filter { to in
            explicitTargets.contains(to)
                || (graph.allowsInferredStep(from: version, to: to) && !graph.blocksInference(from: version, to: to)
                    && fits(version, to))
        }
    }

    /// The steps from `from` to `to` that fit the chain: the explicit ones, then the inferred one (judged
    /// now, once per graph), unless it is a lossy jump while those are not allowed.
    func edges(from: String, to: String) -> [StepCandidate] {
        let offered = offers(from: from, to: to)
        guard offered.inferredIsLossy != nil, let inferred = inferredEdge(from: from, to: to) else { return offered.explicit }
        return offered.explicit + [inferred]
    }

    /// The explicit steps from `from` to `to` that fit the chain, and whether the inferred step between them
    /// would drop data when one may be taken (nil when none may: the pair is not allowed, is blocked or does not
    /// fit, or the step is a lossy jump while those are not allowed; nil too without `screening`, when the
    /// caller has no use for the inferred step). Asks inference only whether the step loses data; whether it can
    /// be inferred at all is left to ``inferredEdge(from:to:)``, so a search judges whole only the steps it may take.
    func offers(from: String, to: String, screening: Bool = true) -> (explicit: [StepCandidate], inferredIsLossy: Bool?) {
        let explicit = explicitEdges(from: from).filter { $0.to == to }
        guard screening, fits(from, to), graph.allowsInferredStep(from: from, to: to),
            !graph.blocksInference(from: from, to: to)
        else { return (explicit, nil) }
        // A jump that would drop data is ruled out by asking inference only that: most jumps of a long history
        // cross a version that drops something (wire's 2.24.1 → 2.101.0 search meets 1,769 such pairs and
        // 156 others), and judging each whole cost a millisecond.
        let isLossy = graph.inferredStepLosesData(from: from, to: to)
        if isLossy, !allowsLossyJumps, !isNeighbour(from, to) { return (explicit, nil) }
        return (explicit, isLossy)
    }

    /// The inferred step from `from` to `to`, judged whole (once per graph); nil when it cannot be inferred,
    /// does not fit the chain, or is a lossy jump while those are not allowed.
    func inferredEdge(from: String, to: String) -> StepCandidate? {
        guard fits(from, to), let inferred = graph.inferredEdge(from: from, to: to),
            allowsLossyJumps || !inferred.isLossy || isNeighbour(inferred.from, inferred.to)
        else { return nil }
        return inferred
    }

    /// Whether a step from `from` to `to` moves in the chain's direction without passing either end and
    /// avoids broken versions (the source may be broken: a chain may start there).
    private func fits(_ from: String, _ to: String) -> Bool {
        let order = graph.order
        let broken = graph.routing.broken
        if broken.contains(to) { return false }
        if broken.contains(from), from != source { return false }
        if to == source { return false }
        let (a, b) = upgrade ? (from, to) : (to, from)
        let (start, end) = upgrade ? (source, target) : (target, source)
        // Against the chain's direction, or beyond either end of it.
        if order.precedes(b, a) { return false }
        if order.precedes(end, b) || order.precedes(a, start) { return false }
        return true
    }

    /// Whether no version lies between `from` and `to` in the order.
    private func isNeighbour(_ from: String, _ to: String) -> Bool {
        graph.order.areNeighbours(from, to, among: graph.versions)
    }
}
