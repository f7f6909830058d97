import Foundation

/// The versions of a model put in order, answering which inferred steps are allowed and what lies between
/// two versions.
///
/// Upgrades follow the order (or the allowed pairs). Inferred downgrades are allowed only when
/// `allowsDowngrades` is set; explicit mappings may go either way regardless of the order.
public struct VersionOrder: Sendable, Hashable {
    /// The rule the order was built from.
    public let rule: VersionOrderRule
    /// Ordered versions, oldest first; versions the rule leaves out are not in it.
    public let sequence: [String]
    /// Whether inferred steps may also run against the order (newer to older).
    public let allowsDowngrades: Bool
    /// Each version's index in ``sequence``: for a sequence, `a` comes before `b` (and may step to it) exactly
    /// when its index is smaller, so no set of every ordered pair is built.
    private let positions: [String: Int]
    /// For pairs: every `(a, b)` with `a` before `b` (their closure); nil for a sequence.
    private let precedence: Set<VersionPair>?
    /// For pairs: the directly allowed upgrade pairs; nil for a sequence.
    private let allowed: Set<VersionPair>?

    /// Orders `versions` by `rule`; throws naming the versions when the rule names unknown versions,
    /// leaves a version unmatched, ties two versions, or loops.
    package init(rule: VersionOrderRule = .natural, versions: [String], allowsDowngrades: Bool = false) throws(PlanningError) {
        self.rule = rule
        self.allowsDowngrades = allowsDowngrades
        let known = Set(versions)
        switch rule {
        case .natural:
            sequence = NaturalOrder.sorted(versions)
        case .pattern(let expression):
            sequence = try PatternOrdering(expression).sort(versions)
        case .list(let names):
            try Self.checkKnown(names, known)
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                throw PlanningError(.cycle, versions: [name], message: "version order lists \"\(name)\" twice")
            }
            sequence = names
        case .pairs(let pairs):
            try Self.checkKnown(pairs.flatMap { [$0.from, $0.to] }, known)
            sequence = try PairOrdering(pairs).topologicalOrder()
        }
        positions = Dictionary(sequence.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        if case .pairs(let pairs) = rule {
            allowed = Set(pairs)
            precedence = PairOrdering(unchecked: pairs).closure()
        } else {
            (allowed, precedence) = (nil, nil)
        }
    }

    /// The position of a version in the order, or nil when the order leaves it out.
    ///
    /// - Parameter version: The version's name.
    /// - Returns: Its index in ``sequence``, oldest first.
    public func position(of version: String) -> Int? {
        positions[version]
    }

    /// Whether `a` comes before `b` (directly or through other versions).
    package func precedes(_ a: String, _ b: String) -> Bool {
        if let precedence { return precedence.contains(VersionPair(from: a, to: b)) }
        guard let first = positions[a], let second = positions[b] else { return false }
        return first < second
    }

    /// Whether the order allows an inferred step from `from` to `to`.
    package func allowsInferredStep(from: String, to: String) -> Bool {
        if isAllowedUpgrade(from, to) { return true }
        return allowsDowngrades && isAllowedUpgrade(to, from)
    }

    private func isAllowedUpgrade(_ from: String, _ to: String) -> Bool {
        if let allowed { return allowed.contains(VersionPair(from: from, to: to)) }
        return precedes(from, to)
    }

    /// Whether `version` lies strictly between `a` and `b` in the order, in either direction.
    package func lies(_ version: String, between a: String, and b: String) -> Bool {
        (precedes(a, version) && precedes(version, b)) || (precedes(b, version) && precedes(version, a))
    }

    /// Whether no version of `versions` lies strictly between `a` and `b` (``lies(_:between:and:)``), where
    /// `versions` holds every version of the order. For a sequence that is whether their positions are next
    /// to each other, answered without looking at `versions`: a search asks it for most pairs of a long
    /// history, and scanning every version each time was a twentieth of planning a wire store.
    package func areNeighbours(_ a: String, _ b: String, among versions: [String]) -> Bool {
        guard precedence == nil else { return !versions.contains { lies($0, between: a, and: b) } }
        // A version the sequence leaves out precedes nothing and follows nothing.
        guard let first = positions[a], let second = positions[b] else { return true }
        return abs(first - second) <= 1
    }

    private static func checkKnown(_ names: [String], _ known: Set<String>) throws(PlanningError) {
        let unknown = names.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let list = known.sorted(by: NaturalOrder.precedes).joined(separator: ", ")
            throw PlanningError(
                .unknownVersion, versions: unknown,
                message: "version order names unknown version \"\(unknown[0])\" (model has: \(list))")
        }
    }
}
