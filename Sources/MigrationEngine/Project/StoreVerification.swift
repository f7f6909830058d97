/// What `verify` found: the store conforms to `version` (integrity, bookkeeping, metadata hashes, rows), or
/// every problem that keeps it from conforming.
public struct StoreVerification: Sendable, Hashable, Codable {
    /// The store's `.sqlite` file.
    public var store: String
    /// The version the store conforms to (or, with ``problems``, the version it was checked against).
    public var version: String
    /// Whether the store passed every check: always true from ``MigrationProject/verify(store:version:report:)``,
    /// which throws instead.
    public var valid: Bool = true
    /// How an interrupted swap was recovered before the check, if one was.
    public var recovered: Recovery.Outcome?
    /// Every problem found, each as the failure it would be alone; empty for a valid store. Objects breaking a
    /// rule are listed one by one, up to the limit asked for.
    public var problems: [StoreProblem] = []
    /// Whether more objects break a rule than ``problems`` lists.
    public var moreBrokenObjects = false

    // The problems are not part of the document: each front end gives them as its failures read.
    private enum CodingKeys: String, CodingKey { case store, version, valid, recovered }
}

/// One problem `verify` found in a store.
public struct StoreProblem: Sendable, Hashable {
    /// The problem as the failure it would be alone: its category, the store, the one-line message.
    package var failure: ExecutionError
    /// The problem as the engine's one public error (``failure``, for a library user).
    public var error: MigrationError { MigrationError(failure) }
    /// The object breaking a rule of the model, when the problem is one object's (what a repair would change).
    public var object: ObjectRepair?
}
