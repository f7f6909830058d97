/// One search for the best chain under one set of ``PathRules``: Dijkstra with the cost (lossy steps, steps,
/// tie-break key) compared lexicographically, over edges produced as the search reaches each version.
///
/// A version is expanded only while a chain through it could still beat (or tie) the best chain to the target
/// found so far, and a step to anywhere but the target only while one more step could: so when a version can
/// step straight to the target without loss, planning judges that one pair instead of every pair of versions.
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

    /// The cheapest chain, or nil when the rules leave none.
    func shortest() -> [StepCandidate]? {
        var best: [String: PathCost] = [source: PathCost()]
        var chains: [String: [StepCandidate]] = [source: []]
        var settled = Set<String>()
        while let node = best.filter({ !settled.contains($0.key) }).min(by: { $0.value < $1.value })?.key {
            if node == target { return chains[node] }
            settled.insert(node)
            let cost = best[node]!
            // Even a step straight to the target could not beat or tie the chain already found.
            if let reached = best[target], cost.exceeds(reached, withSteps: 1) { continue }
            for to in routes[node].map({ [$0] }) ?? candidates.destinations(from: node) where !settled.contains(to) {
                // A chain through another version needs at least one step more after this one.
                if to != target, let reached = best[target], cost.exceeds(reached, withSteps: 2) { continue }
                for edge in candidates.edges(from: node, to: to) where allows(edge) {
                    let next = cost.adding(edge, position: graph.position(of: edge.to) ?? Int.max)
                    if best[to].map({ next < $0 }) ?? true {
                        best[to] = next
                        chains[to] = chains[node]! + [edge]
                    }
                }
            }
        }
        return nil
    }

    /// Whether the rules let the chain take `edge`.
    private func allows(_ edge: StepCandidate) -> Bool {
        if rules != .unconstrained, let explicit = forced[edge.from], !explicit.isEmpty, edge.kind != .explicit {
            return false
        }
        if rules == .strict, edge.kind == .inferred,
            forcedVersions.contains(where: { graph.order.lies($0, between: edge.from, and: edge.to) })
        {
            return false
        }
        return true
    }
}
