/// Which model version the store is at, or the nearest one and which entities differ.
public struct Compatibility: Sendable, Hashable {
    /// The version whose hashes equal the store's, if any.
    public var compatibleVersion: String?
    /// When none matches: the version with the fewest differing entities.
    public var nearestVersion: String?
    /// When none matches: the entities whose hashes differ from the nearest version's.
    public var differingEntities: [String]

    /// Creates a compatibility summary.
    public init(compatibleVersion: String?, nearestVersion: String? = nil, differingEntities: [String] = []) {
        self.compatibleVersion = compatibleVersion
        self.nearestVersion = nearestVersion
        self.differingEntities = differingEntities
    }
}
