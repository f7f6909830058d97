/// How the versions of a model are put in order; the order decides which inferred steps are allowed.
public enum VersionOrderRule: Sendable, Hashable {
    /// Natural name order (`Model 2` before `Model 10`); the default.
    case natural
    /// Order by the capture groups of a regular expression matched against each name, compared naturally
    /// group by group (a group named `version`, when present, is used alone).
    case pattern(String)
    /// Exactly this sequence; versions not listed only take part through explicit mappings.
    case list([String])
    /// Only these directed pairs allow inferred steps (and, through them, define what lies between).
    case pairs([VersionPair])
}

/// A directed pair of versions: an inferred step from `from` to `to` is allowed.
public struct VersionPair: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The older version.
    public var from: String
    /// The newer version.
    public var to: String

    /// Creates a pair.
    ///
    /// - Parameters:
    ///   - from: The older version's name.
    ///   - to: The newer version's name.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// `from → to`.
    public var description: String { "\(from) → \(to)" }
}
