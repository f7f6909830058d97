/// The order implied by a list of allowed pairs: a topological order (ties in natural order) and the
/// transitive closure used to tell what lies between two versions.
struct PairOrdering {
    let pairs: [VersionPair]

    /// Checks nothing; for pairs already known to be acyclic.
    init(unchecked pairs: [VersionPair]) {
        self.pairs = pairs
    }

    init(_ pairs: [VersionPair]) throws(PlanningError) {
        self.pairs = pairs
        for pair in pairs where pair.from == pair.to {
            throw PlanningError(.cycle, versions: [pair.from], message: "version pair \(pair) leads a version to itself")
        }
    }

    /// The versions named by the pairs, each after everything that must precede it; throws naming the
    /// versions of a cycle.
    func topologicalOrder() throws(PlanningError) -> [String] {
        let names = Set(pairs.flatMap { [$0.from, $0.to] })
        var incoming: [String: Int] = Dictionary(uniqueKeysWithValues: names.map { ($0, 0) })
        for pair in Set(pairs) { incoming[pair.to, default: 0] += 1 }
        var ready = names.filter { incoming[$0] == 0 }.sorted(by: NaturalOrder.precedes)
        var result: [String] = []
        while !ready.isEmpty {
            let next = ready.removeFirst()
            result.append(next)
            for pair in Set(pairs) where pair.from == next {
                incoming[pair.to]! -= 1
                if incoming[pair.to] == 0 {
                    ready.append(pair.to)
                    ready.sort(by: NaturalOrder.precedes)
                }
            }
        }
        if result.count < names.count {
            let cycle = CycleFinder(edges: pairs.map { ($0.from, $0.to) }).cycle() ?? []
            throw PlanningError(
                .cycle, versions: cycle,
                message: "version pairs form a cycle: \(cycle.joined(separator: " → "))")
        }
        return result
    }

    /// Every `(a, b)` such that `b` can be reached from `a` through the pairs.
    func closure() -> Set<VersionPair> {
        var next: [String: [String]] = [:]
        for pair in pairs { next[pair.from, default: []].append(pair.to) }
        var result = Set<VersionPair>()
        for start in next.keys {
            var stack = next[start] ?? []
            var seen = Set<String>()
            while let node = stack.popLast() {
                guard seen.insert(node).inserted else { continue }
                result.insert(VersionPair(from: start, to: node))
                stack.append(contentsOf: next[node] ?? [])
            }
        }
        return result
    }
}
