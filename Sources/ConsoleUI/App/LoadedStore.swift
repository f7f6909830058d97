import MigrationEngine

/// Everything the main screen needs about a freshly opened store and its model.
package struct LoadedStore: Sendable, Hashable {
    /// The store's files, metadata, hashes and row counts.
    package var overview: StoreOverview
    /// The model's versions in order (empty when no model was given).
    package var versions: [VersionInfo]
    /// Which version the store is at (`nil` without a model).
    package var compatibility: CompatibilityReport?
    /// The model's name, for the title bar.
    package var modelName: String?
    /// The version to plan to first (the model's current version).
    package var defaultTarget: String?
    /// Groups of versions whose entity hashes are identical (``ModelBundle/identicalHashVersions``).
    package var identicalVersions: [[String]]

    /// Creates a loaded store.
    package init(
        overview: StoreOverview, versions: [VersionInfo], compatibility: CompatibilityReport?, modelName: String?,
        defaultTarget: String?, identicalVersions: [[String]] = []
    ) {
        self.overview = overview
        self.versions = versions
        self.compatibility = compatibility
        self.modelName = modelName
        self.defaultTarget = defaultTarget
        self.identicalVersions = identicalVersions
    }
}
