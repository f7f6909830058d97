/// Which versions can still reach the target over a search's candidate edges, found by a depth-first walk
/// that stops at the first route it finds (the target is tried first from each version), so asking about a
/// version usually judges one pair instead of every pair behind it. Answers are remembered.
final class Reachability {
    private let candidates: CandidateEdges
    /// The one version a routing override sends a version to, when the walk must obey overrides.
    private let route: (String) -> String?
    private var known: [String: Bool] = [:]

    init(_ candidates: CandidateEdges, route: @escaping (String) -> String? = { _ in nil }) {
        self.candidates = candidates
        self.route = route
    }

    /// Whether some chain of candidate edges leads from `version` to the target.
    func reaches(_ version: String) -> Bool {
        var visited = Set<String>()
        let found = walk(version, &visited)
        // A walk that found nothing saw everything reachable from `version`: none of it reaches the target.
        // (After a success only the versions on the route found are known to reach it.)
        if !found { for seen in visited { known[seen] = false } }
        return found
    }

    private func walk(_ version: String, _ visited: inout Set<String>) -> Bool {
        if version == candidates.target { return true }
        if let answer = known[version] { return answer }
        guard visited.insert(version).inserted else { return false }
        let next = route(version).map { [$0] } ?? candidates.destinations(from: version)
        for to in next where !candidates.edges(from: version, to: to).isEmpty {
            if walk(to, &visited) {
                known[version] = true
                return true
            }
        }
        return false
    }
}
