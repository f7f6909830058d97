/// Which version of a model fits a store (FORMAT.md §3), and how every version compares with it.
public struct CompatibilityReport: Sendable, Hashable, Codable {
    /// The version whose entity names (and hashes, with hash scheme 3) equal the store's, if any.
    public var compatibleVersion: String?
    /// The compatible version, or else the version with the most matching entities (ties go to fewer
    /// differences, then to the later version), chosen among the versions whose tables and columns the
    /// store has exactly when there are any.
    public var nearestVersion: String?
    /// Whether hashes were compared (`NSStoreModelVersionHashesVersion` ≥ 3) or only entity names.
    public var comparesHashes: Bool
    /// Whether property differences come from the store's own cached model (else hashes only).
    public var usesStoreModel: Bool
    /// Every version of the model, in bundle order.
    public var versions: [VersionComparison]

    /// Creates a report.
    package init(
        compatibleVersion: String?, nearestVersion: String?, comparesHashes: Bool, usesStoreModel: Bool,
        versions: [VersionComparison]
    ) {
        self.compatibleVersion = compatibleVersion
        self.nearestVersion = nearestVersion
        self.comparesHashes = comparesHashes
        self.usesStoreModel = usesStoreModel
        self.versions = versions
    }

    /// The comparison for one version.
    ///
    /// - Parameter version: The version's name.
    /// - Returns: Its comparison; nil for a version the model does not have.
    public func comparison(for version: String) -> VersionComparison? {
        versions.first { $0.version == version }
    }
}

/// How one model version compares with a store, entity by entity.
public struct VersionComparison: Sendable, Hashable, Codable {
    /// The version's name.
    public var version: String
    /// Whether a store with these hashes opens with this version unchanged.
    public var isCompatible: Bool
    /// Entities of the version and of the store, by name.
    public var entities: [EntityComparison]

    /// Creates a comparison.
    package init(version: String, isCompatible: Bool, entities: [EntityComparison]) {
        self.version = version
        self.isCompatible = isCompatible
        self.entities = entities
    }

    /// How many entities match.
    public var matchingCount: Int { entities.filter { $0.status == .matches }.count }
    /// How many entities differ, are missing or are extra.
    public var differenceCount: Int { entities.count - matchingCount }
}
