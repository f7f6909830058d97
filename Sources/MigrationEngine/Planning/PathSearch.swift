/// One search for the best chain under one set of ``PathRules``: Dijkstra with the cost (lossy steps, steps,
/// tie-break key) compared lexicographically, over edges produced as the search reaches each version.
///
/// A version is expanded only while a chain through it could still beat (or tie) the best chain to the target
/// found so far, and a step to anywhere but the target only while one more step could: so when a version can
/// step straight to the target without loss, planning judges that one pair instead of every pair of versions.
///
/// An inferred step is first only screened (whether it loses data, which with the step count is all its cost
/// needs) and judged whole (whether it can be inferred at all) only when it is a step of the chain found, or
/// leads to the target, whose best chain bounds the search. Judging a step whole cost a millisecond for a long
/// model, and a search offers many more steps than it takes (wire's 2.24.1 → 2.101.0: 156 judged whole at
/// first, then 38 judged as the search took them, now the chain's 11). Costs do not depend on whether a step
/// can be inferred, so the chain found is the one judging every step first finds.
struct PathSearch {
    let graph: VersionGraph
    let candidates: CandidateEdges
    let rules: PathRules
    /// Versions that have an explicit step leading to the target (the chain must take it when it gets there).
    private(set) var forcedVersions: [String] = []
    /// The explicit steps that lead to the target, by source version.
    private let forced: [String: [StepCandidate]]
    /// Routing overrides that apply: from the key only the step to the value, which still leads to the target.
    private let routes: [String: String]

    var source: String { candidates.source }
    var target: String { candidates.target }

    init(candidates: CandidateEdges, rules: PathRules) {
        self.graph = candidates.graph
        self.candidates = candidates
        self.rules = rules
        // Routing overrides: from X only the step to Y, whenever Y still leads to the target.
        let before = Reachability(candidates)
        let routes = candidates.graph.routing.overrides.filter { before.reaches($0.value) }
        let reach = Reachability(candidates) { routes[$0] }
        var forced: [String: [StepCandidate]] = [:]
        for from in Set(candidates.graph.explicitEdges.map(\.from)) {
            let leading = candidates.explicitEdges(from: from).filter { edge in
                (routes[from].map { edge.to == $0 } ?? true) && reach.reaches(edge.to)
            }
            if !leading.isEmpty { forced[from] = leading }
        }
        self.routes = routes
        self.forced = forced
        forcedVersions = graph.versions.filter { forced[$0] != nil }
    }

    /// A chain offered to a version: the chain to the version before it and the last step, judged whole or
    /// (an inferred step) only screened so far.
    private struct Offer {
        var cost: PathCost
        var chain: [Link]
        /// The last step; nil for the empty chain at the source.
        var step: Link?
    }

    /// A step of a chain found: judged whole, or (an inferred step) only screened so far, with what the
    /// screen said.
    private enum Link {
        case judged(StepCandidate)
        case screened(from: String, to: String, isLossy: Bool)
    }

    /// The cheapest chain, or nil when the rules leave none.
    ///
    /// The chain is first found with its inferred steps only screened, then each is judged whole: a step that
    /// cannot be inferred is left out, one the judgement finds lossy otherwise is given the judgement's cost,
    /// and the search runs again (screens and judgements are remembered by the graph). No two chains have the
    /// same cost (the key lists where each step lands), so the chain found whose steps all hold is the cheapest
    /// chain that exists.
    func shortest() -> [StepCandidate]? {
        var rejected = Set<VersionPair>()
        var judgedLossy: [VersionPair: Bool] = [:]
        while let links = cheapestChain(rejecting: rejected, judgedLossy: judgedLossy) {
            var steps: [StepCandidate] = []
            var holds = true
            for link in links {
                switch link {
                case .judged(let step):
                    steps.append(step)
                case .screened(let from, let to, let isLossy):
                    let pair = VersionPair(from: from, to: to)
                    guard let step = candidates.inferredEdge(from: from, to: to) else {
                        rejected.insert(pair)
                        holds = false
                        continue
                    }
                    // The screen and the whole judgement agree (``InferenceProvider/losesData(from:to:)``); should
                    // they not, the step is offered again at the cost the judgement gives it.
                    if step.isLossy != isLossy {
                        judgedLossy[pair] = step.isLossy
                        holds = false
                    }
                    steps.append(step)
                }
            }
            if holds { return steps }
        }
        return nil
    }

    /// The cheapest chain taking screened steps as they were screened, except those `rejected` (which cannot
    /// be inferred) and those whose loss `judgedLossy` gives.
    private func cheapestChain(rejecting rejected: Set<VersionPair>, judgedLossy: [VersionPair: Bool]) -> [Link]? {
        // Every offer not taken yet, by the version it reaches, cheapest first.
        var offers: [String: [Offer]] = [source: [Offer(cost: PathCost(), chain: [], step: nil)]]
        var settled = Set<String>()
        while let node = cheapest(offers, besides: settled) {
            let offer = offers[node]!.removeFirst()
            let chain = offer.chain + (offer.step.map { [$0] } ?? [])
            if node == target { return chain }
            settled.insert(node)
            let cost = offer.cost
            // The best chain to the target offered so far: every step into the target is judged whole when
            // offered, so it is a chain that exists.
            var reached: PathCost? { offers[target]?.first?.cost }
            // Even a step straight to the target could not beat or tie the chain already found.
            if let reached, cost.exceeds(reached, withSteps: 1) { continue }
            for to in routes[node].map({ [$0] }) ?? candidates.destinations(from: node) where !settled.contains(to) {
                // A chain through another version needs at least one step more after this one.
                if to != target, let reached, cost.exceeds(reached, withSteps: 2) { continue }
                // An inferred step lands at `to` at best without loss; when an offer there costs no more already,
                // it could never be `to`'s cheapest offer, the only one a search takes, so it is not screened:
                // a search settling versions in order of cost finds most later versions offered that cheaply.
                let floor = cost.adding(isLossy: false, origin: .inferred, position: graph.position(of: to) ?? Int.max)
                let screens = offers[to]?.first.map { floor < $0.cost } ?? true
                let (explicit, inferredIsLossy) = candidates.offers(from: node, to: to, screening: screens)
                for edge in explicit where allows(edge) { insert(edge, after: chain, costing: cost, in: &offers) }
                let pair = VersionPair(from: node, to: to)
                guard let screened = inferredIsLossy, !rejected.contains(pair), allows(from: node, to: to, kind: .inferred)
                else { continue }
                if to == target {
                    guard let edge = candidates.inferredEdge(from: node, to: to) else { continue }
                    insert(edge, after: chain, costing: cost, in: &offers)
                } else {
                    let isLossy = judgedLossy[pair] ?? screened
                    let next = cost.adding(isLossy: isLossy, origin: .inferred, position: graph.position(of: to) ?? Int.max)
                    insert(
                        Offer(cost: next, chain: chain, step: .screened(from: node, to: to, isLossy: isLossy)),
                        at: to, in: &offers)
                }
            }
        }
        return nil
    }

    /// The version not settled yet whose cheapest offer is the cheapest of all; nil when none is left.
    private func cheapest(_ offers: [String: [Offer]], besides settled: Set<String>) -> String? {
        var best: (version: String, cost: PathCost)?
        for (version, list) in offers where !settled.contains(version) {
            guard let first = list.first, best.map({ first.cost < $0.cost }) ?? true else { continue }
            best = (version, first.cost)
        }
        return best?.version
    }

    /// Offers `chain` (costing `cost`) followed by the judged `step`.
    private func insert(
        _ step: StepCandidate, after chain: [Link], costing cost: PathCost, in offers: inout [String: [Offer]]
    ) {
        let next = cost.adding(step, position: graph.position(of: step.to) ?? Int.max)
        insert(Offer(cost: next, chain: chain, step: .judged(step)), at: step.to, in: &offers)
    }

    /// Files `offer` among the offers to `version`, cheapest first.
    private func insert(_ offer: Offer, at version: String, in offers: inout [String: [Offer]]) {
        var list = offers.removeValue(forKey: version) ?? []
        list.insert(offer, at: list.firstIndex { offer.cost < $0.cost } ?? list.endIndex)
        offers[version] = list
    }

    /// Whether the rules let the chain take `edge`.
    private func allows(_ edge: StepCandidate) -> Bool {
        allows(from: edge.from, to: edge.to, kind: edge.kind)
    }

    /// Whether the rules let the chain take a step of `kind` from `from` to `to`.
    private func allows(from: String, to: String, kind: StepKind) -> Bool {
        if rules != .unconstrained, let explicit = forced[from], !explicit.isEmpty, kind != .explicit {
            return false
        }
        if rules == .strict, kind == .inferred,
            forcedVersions.contains(where: { graph.order.lies($0, between: from, and: to) })
        {
            return false
        }
        return true
    }
}
