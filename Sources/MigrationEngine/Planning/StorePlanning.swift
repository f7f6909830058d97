/// Everything needed to plan a store's migration: which version the store is at (by its metadata hashes),
/// the version graph of its model, and the chain to the target.
public struct StorePlanning: Sendable {
    /// The store's database file.
    public let storePath: String
    /// The version the store is at.
    public let storeVersion: String
    /// The target version.
    public let targetVersion: String
    /// The graph the chain was chosen from.
    public let graph: VersionGraph
    /// The chosen chain.
    public let plan: MigrationPlan
    /// Rows in the store's entity tables: what each step of the chain reads and writes.
    public let rowCount: Int

    /// Reads the store (through a snapshot), finds its version and plans the chain to `target` (the model's
    /// current version when nil).
    public init(
        storePath: String, bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?, target: String?, snapshot: SnapshotOptions = .init()
    ) throws {
        let contents = try StoreReader.read(path: storePath, options: snapshot)
        let report = CompatibilityCheck.check(bundle, metadata: contents.metadata)
        guard let version = report.compatibleVersion else {
            let nearest = report.nearestVersion.map { " (nearest: \($0))" } ?? ""
            throw PlanningError(
                .unknownVersion, versions: report.nearestVersion.map { [$0] } ?? [],
                message: "\(storePath): the store matches no version of \(bundle.path)\(nearest)")
        }
        guard let target = target ?? bundle.currentVersion?.name else {
            throw PlanningError(.unknownVersion, message: "\(bundle.path) names no current version; pass --to")
        }
        let graph = try VersionGraph(bundle: bundle, settings: settings, explicit: explicit, inference: inference)
        self.storePath = storePath
        storeVersion = version
        targetVersion = target
        self.graph = graph
        rowCount = contents.rowCounts.map(\.rows).reduce(0, +)
        plan = try PathPlanner(graph: graph).plan(from: version, to: target)
    }
}
