/// One search for the best chain under one set of ``PathRules``: filters the edges, then runs Dijkstra with
/// the cost (lossy steps, steps, tie-break key) compared lexicographically.
struct PathSearch {
    let graph: VersionGraph
    let source: String
    let target: String
    /// The edges the rules allow, by source version.
    private var allowed: [String: [StepCandidate]] = [:]
    /// Versions that have an explicit step leading to the target (the chain must take it when it gets there).
    private(set) var forcedVersions: [String] = []

    init(graph: VersionGraph, edges: [StepCandidate], source: String, target: String, rules: PathRules) {
        self.graph = graph
        self.source = source
        self.target = target
        var edges = edges
        // Routing overrides: from X only the step to Y, whenever Y still leads to the target.
        let reachBefore = Self.reaching(target, edges)
        for (from, via) in graph.routing.overrides where reachBefore.contains(via) {
            edges.removeAll { $0.from == from && $0.to != via }
        }
        let reach = Self.reaching(target, edges)
        var forced: [String: [StepCandidate]] = [:]
        for edge in edges where edge.kind == .explicit && reach.contains(edge.to) {
            forced[edge.from, default: []].append(edge)
        }
        forcedVersions = graph.versions.filter { forced[$0] != nil }
        for edge in edges where reach.contains(edge.to) {
            if rules != .unconstrained, let explicit = forced[edge.from], !explicit.isEmpty, edge.kind != .explicit {
                continue
            }
            if rules == .strict, edge.kind == .inferred,
                forcedVersions.contains(where: { graph.order.lies($0, between: edge.from, and: edge.to) })
            {
                continue
            }
            allowed[edge.from, default: []].append(edge)
        }
    }

    /// The edges worth considering for a chain from `source` to `target`: they move in the chain's direction
    /// along the order without passing the target, and avoid broken versions.
    static func candidateEdges(_ graph: VersionGraph, from source: String, to target: String) -> [StepCandidate] {
        let order = graph.order
        let broken = graph.routing.broken
        let upgrade = order.precedes(source, target) || !order.precedes(target, source)
        return graph.edges.filter { edge in
            if broken.contains(edge.to) { return false }
            if broken.contains(edge.from), edge.from != source { return false }
            if edge.to == source { return false }
            let (a, b) = upgrade ? (edge.from, edge.to) : (edge.to, edge.from)
            let (start, end) = upgrade ? (source, target) : (target, source)
            // Against the chain's direction, or beyond either end of it.
            if order.precedes(b, a) { return false }
            if order.precedes(end, b) || order.precedes(a, start) { return false }
            return true
        }
    }

    /// Every version from which `target` can be reached over `edges` (the target included).
    private static func reaching(_ target: String, _ edges: [StepCandidate]) -> Set<String> {
        var result: Set<String> = [target]
        var changed = true
        while changed {
            changed = false
            for edge in edges where result.contains(edge.to) && !result.contains(edge.from) {
                result.insert(edge.from)
                changed = true
            }
        }
        return result
    }

    /// The cheapest chain, or nil when the rules leave none.
    func shortest() -> [StepCandidate]? {
        var best: [String: PathCost] = [source: PathCost()]
        var chains: [String: [StepCandidate]] = [source: []]
        var settled = Set<String>()
        while let node = best.filter({ !settled.contains($0.key) }).min(by: { $0.value < $1.value })?.key {
            if node == target { return chains[node] }
            settled.insert(node)
            for edge in allowed[node] ?? [] where !settled.contains(edge.to) {
                let cost = best[node]!.adding(edge, position: graph.versions.firstIndex(of: edge.to) ?? Int.max)
                if best[edge.to].map({ cost < $0 }) ?? true {
                    best[edge.to] = cost
                    chains[edge.to] = chains[node]! + [edge]
                }
            }
        }
        return nil
    }
}
