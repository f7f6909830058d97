/// Everything needed to plan a store's migration: which version the store is at (by its metadata hashes),
/// the version graph of its model, and the chain to the target.
public struct StorePlanning: Sendable {
    /// The store's database file.
    public let storePath: String
    /// The version the store is at (``ModelCacheDecoder/versionName`` when only the store's own model
    /// matches it).
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
    ///
    /// A store that matches no version of the model but whose `Z_MODELCACHE` model matches its own hashes
    /// (the model was edited after the store was written) migrates as Core Data would migrate it: one
    /// inferred step from the cached model straight to the target.
    package init(
        storePath: String, bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?, target: String?, snapshot: SnapshotOptions = .init()
    ) throws {
        let contents = try StoreReader.read(path: storePath, options: snapshot)
        let report = CompatibilityCheck.check(bundle, metadata: contents.metadata)
        guard let target = target ?? bundle.currentVersion?.name else {
            throw PlanningError(.unknownVersion, message: "\(bundle.path) names no current version; pass --to")
        }
        let graph = try VersionGraph(bundle: bundle, settings: settings, explicit: explicit, inference: inference)
        self.storePath = storePath
        targetVersion = target
        self.graph = graph
        rowCount = contents.rowCounts.map(\.rows).reduce(0, +)
        if let version = report.compatibleVersion {
            storeVersion = version
            plan = try PathPlanner(graph: graph).plan(from: version, to: target)
            return
        }
        let nearest = report.nearestVersion.map { " (nearest: \($0))" } ?? ""
        let unknown = PlanningError(
            .unknownVersion, versions: report.nearestVersion.map { [$0] } ?? [],
            message: "\(storePath): the store matches no version of \(bundle.path)\(nearest)")
        guard let cached = try? contents.cachedModel(),
            VersionHasher(model: cached).entityHashes == contents.metadata.versionHashes
        else { throw unknown }
        storeVersion = ModelCacheDecoder.versionName
        plan = try Self.planFromCache(cached, to: target, bundle: bundle, inference: inference, storePath: storePath)
    }

    private static func planFromCache(
        _ source: ObjectModel, to target: String, bundle: ModelBundle, inference: (any InferenceProvider)?,
        storePath: String
    ) throws(PlanningError) -> MigrationPlan {
        guard let destination = bundle.version(named: target) else {
            throw PlanningError(.unknownVersion, versions: [target], message: "unknown version \"\(target)\" of \(bundle.path)")
        }
        guard let inference else {
            throw PlanningError(
                .noRoute, versions: [ModelCacheDecoder.versionName, target],
                message: "\(storePath): only the store's cached model matches it, and inference is turned off")
        }
        let assessment = inference.assess(from: source, to: destination)
        guard assessment.isInferable else {
            throw PlanningError(
                .noRoute, versions: [ModelCacheDecoder.versionName, target],
                message: "\(storePath): the store's cached model cannot be migrated to \(target) by inference: "
                    + assessment.warnings.joined(separator: "; "))
        }
        let step = StepCandidate(
            from: ModelCacheDecoder.versionName, to: target, origin: .inferred, isLossy: assessment.isLossy,
            operations: assessment.operations, warnings: assessment.warnings,
            factory: { try inference.makeStep(from: source, to: destination) })
        let warnings = ["the store matches no version of \(bundle.path); its own cached model is the source"]
        return MigrationPlan(from: ModelCacheDecoder.versionName, to: target, steps: [step], warnings: warnings)
    }
}
