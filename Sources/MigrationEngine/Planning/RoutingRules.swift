/// Per-version routing: overrides that send a version straight to another ("from v2 go to v4"), and broken
/// versions that a chain must never pass through or end at.
public struct RoutingRules: Sendable, Hashable {
    /// From a version (key), the next step goes to this version (value) whenever that still leads to the target.
    public var overrides: [String: String]
    /// Versions a chain may start from but never pass through or end at.
    public var broken: Set<String>

    /// Creates routing rules; planning checks that they name known versions and do not loop.
    ///
    /// - Parameters:
    ///   - overrides: From a version (key), the version the next step goes to (value); empty for none.
    ///   - broken: Versions a chain may start from but never pass through or end at.
    public init(overrides: [String: String] = [:], broken: Set<String> = []) {
        self.overrides = overrides
        self.broken = broken
    }

    /// ``broken`` in natural order (`v2` before `v10`), as listings show it.
    public var brokenInOrder: [String] { broken.sorted(by: NaturalOrder.precedes) }

    /// Throws naming the version when a rule names an unknown version, and naming the versions of a loop
    /// when the overrides send a version back to itself.
    package func validate(versions: [String]) throws(PlanningError) {
        let known = Set(versions)
        let named = overrides.keys.sorted() + overrides.values.sorted() + broken.sorted()
        if let unknown = named.first(where: { !known.contains($0) }) {
            throw PlanningError(
                .unknownVersion, versions: [unknown],
                message: "routing names unknown version \"\(unknown)\"")
        }
        if let cycle = CycleFinder(edges: overrides.map { ($0.key, $0.value) }).cycle() {
            throw PlanningError(
                .cycle, versions: cycle,
                message: "routing overrides loop: \(cycle.joined(separator: " → "))")
        }
        for (from, to) in overrides where broken.contains(to) {
            throw PlanningError(
                .invalidOrder, versions: [from, to],
                message: "routing sends \"\(from)\" to \"\(to)\", which is marked broken")
        }
    }
}
