import Foundation

/// One model version as the Versions pane shows it.
public struct VersionInfo: Sendable, Hashable {
    /// The version's name.
    public var name: String
    /// Whether the model bundle names it as the current version.
    public var isCurrent: Bool
    /// Its per-entity version hashes, as Core Data computes them.
    public var entityHashes: [String: Data]

    /// Creates a version row.
    public init(name: String, isCurrent: Bool, entityHashes: [String: Data]) {
        self.name = name
        self.isCurrent = isCurrent
        self.entityHashes = entityHashes
    }
}
