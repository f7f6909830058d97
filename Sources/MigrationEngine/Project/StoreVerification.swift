/// What `verify` found: the store conforms to `version` (integrity, bookkeeping, metadata hashes, rows).
public struct StoreVerification: Sendable, Hashable, Codable {
    /// The store's `.sqlite` file.
    public var store: String
    /// The version the store conforms to.
    public var version: String
    /// Always true: a store that fails a check throws instead.
    public var valid: Bool = true
    /// How an interrupted swap was recovered before the check, if one was.
    public var recovered: Recovery.Outcome?
}
