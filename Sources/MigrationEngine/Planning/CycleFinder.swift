/// Finds one cycle in a directed graph of version names, so errors can name the versions involved.
struct CycleFinder {
    let edges: [(String, String)]

    /// A cycle as a list of names whose last element repeats the first, or nil when there is none.
    /// The search starts from names in natural order, so the answer is deterministic.
    func cycle() -> [String]? {
        var next: [String: [String]] = [:]
        for (a, b) in edges { next[a, default: []].append(b) }
        for key in next.keys { next[key]!.sort(by: NaturalOrder.precedes) }
        var done = Set<String>()
        for start in next.keys.sorted(by: NaturalOrder.precedes) where !done.contains(start) {
            var path: [String] = []
            if let found = visit(start, next, &path, &done) { return found }
        }
        return nil
    }

    private func visit(
        _ node: String, _ next: [String: [String]], _ path: inout [String], _ done: inout Set<String>
    ) -> [String]? {
        if let index = path.firstIndex(of: node) { return Array(path[index...]) + [node] }
        if done.contains(node) { return nil }
        path.append(node)
        for target in next[node] ?? [] {
            if let found = visit(target, next, &path, &done) { return found }
        }
        path.removeLast()
        done.insert(node)
        return nil
    }
}
