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
    /// The chosen chain; after ``MigrationProject/countingDataLoss(in:)`` its steps say what this store loses.
    public package(set) var plan: MigrationPlan
    /// Rows in the store's entity tables: what each step of the chain reads and writes; `nil` when planning
    /// was asked not to count them (a plan that goes straight to a run, shown to no one).
    public let rowCount: Int?
    /// Whether SQLite's `quick_check` of the store passed while it was planned. When false,
    /// ``MigrationProject/migrate(_:options:report:)`` runs the check itself, beside the chain's first step,
    /// and refuses a damaged store there as planning would have.
    public let isIntegrityChecked: Bool
    /// What each lossy step drops, counted in the store (``MigrationProject/countingDataLoss(in:)``); `nil`
    /// until counted.
    public package(set) var dataLoss: [StepDataLoss]?

    /// Reads the store (through a snapshot), finds its version and plans the chain to `target` (the model's
    /// current version when nil).
    ///
    /// A store that matches no version of the model but whose `Z_MODELCACHE` model matches its own hashes
    /// (the model was edited after the store was written) migrates as Core Data would migrate it: one
    /// inferred step from the cached model straight to the target.
    ///
    /// Without `checksIntegrity` the store's `quick_check` is left to the run, except where no run would make
    /// it: it is still made before any planning error is thrown (a damaged store is refused as damaged, not
    /// for what its damage made planning find) and when the store is already at the target. Without
    /// `countsRows` the entity tables are not counted (``rowCount`` is `nil`).
    package init(
        storePath: String, bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?, target: String?, snapshot: SnapshotOptions = .init(),
        checksIntegrity: Bool = true, countsRows: Bool = true
    ) throws {
        let found: Found
        do {
            found = try Self.plan(
                storePath: storePath, bundle: bundle, settings: settings, explicit: explicit, inference: inference,
                target: target, snapshot: snapshot, checksIntegrity: checksIntegrity, countsRows: countsRows)
        } catch {
            // Planning used to check first: a damaged store is refused as damaged, in the check's words,
            // whatever its damage made planning find.
            if !checksIntegrity { try Self.refuseIfDamaged(storePath, snapshot) }
            throw error
        }
        // No run follows to check a store already at its target: it is checked now, as before.
        if !checksIntegrity && found.plan.steps.isEmpty {
            try StoreReader.checkIntegrity(path: storePath, options: snapshot)
        }
        self.storePath = storePath
        storeVersion = found.version
        plan = found.plan
        graph = found.graph
        targetVersion = found.target
        rowCount = found.rows
        isIntegrityChecked = checksIntegrity || found.plan.steps.isEmpty
    }

    /// Throws the `damaged` error of the store's `quick_check`, if it fails; any other failure to check leaves
    /// the planning error the caller is about to throw as the one reported.
    private static func refuseIfDamaged(_ storePath: String, _ snapshot: SnapshotOptions) throws(StoreError) {
        do {
            try StoreReader.checkIntegrity(path: storePath, options: snapshot)
        } catch  where error.code == .damaged {
            throw error
        } catch {
            return
        }
    }

    /// What planning found: the store's version, the chain, the graph, the target and the store's rows.
    private typealias Found = (version: String, plan: MigrationPlan, graph: VersionGraph, target: String, rows: Int?)

    private static func plan(
        storePath: String, bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?, target: String?, snapshot: SnapshotOptions, checksIntegrity: Bool,
        countsRows: Bool
    ) throws -> Found {
        let contents = try StoreReader.read(
            path: storePath, checkIntegrity: checksIntegrity, options: snapshot, countsRows: countsRows)
        guard let target = target ?? bundle.currentVersion?.name else {
            throw PlanningError(
                .unknownVersion, message: "\(bundle.path) names no current version", remedy: .giveTargetVersion)
        }
        let rows = countsRows ? contents.rowCounts.map(\.rows).reduce(0, +) : nil
        // Steps out of the store's version are judged against its objects too (``StoreCheckedInference``).
        let checked = { (version: String) in
            inference.map { base -> any InferenceProvider in
                StoreCheckedInference(base: base, storeVersion: version) { conditions, model in
                    try SnapshotReading.read(storePath, options: snapshot) { snapshot in
                        try StoreConditionCounter.count(conditions, sourceModel: model, storePath: snapshot.path)
                    }
                }
            }
        }
        if let version = CompatibilityCheck.compatibleVersion(in: bundle, metadata: contents.metadata) {
            let graph = try VersionGraph(
                bundle: bundle, settings: settings, explicit: explicit, inference: checked(version))
            // Versions with identical hashes (a forgotten hash modifier) are one to Core Data: a store whose
            // hashes are the target's too opens with the target as it is, and is never migrated. Running a
            // step Core Data would not run could only change the store behind the app's back.
            if version != target, CompatibilityCheck.isCompatible(target, in: bundle, metadata: contents.metadata) {
                let warning =
                    "the store's entity hashes are \(target)'s as well as \(version)'s: Core Data opens it with"
                    + " \(target) as it is, so it is not migrated"
                return (version, MigrationPlan(from: version, to: target, steps: [], warnings: [warning]), graph, target, rows)
            }
            let plan = StepFusion(graph: graph).fused(try PathPlanner(graph: graph).plan(from: version, to: target))
            return (version, plan, graph, target, rows)
        }
        // Only a store that fits no version needs every version compared, for the nearest one.
        let report = CompatibilityCheck.check(bundle, metadata: contents.metadata, tableColumns: contents.tableColumns)
        let nearest = report.nearestVersion.map { " (nearest: \($0))" } ?? ""
        let unknown = PlanningError(
            .storeMatchesNoVersion, versions: report.nearestVersion.map { [$0] } ?? [],
            message: "\(storePath): the store matches no version of \(bundle.path)\(nearest)")
        guard let cached = try? contents.cachedModel(),
            VersionHasher(model: cached).entityHashes == contents.metadata.versionHashes
        else { throw unknown }
        let plan = try planFromCache(
            cached, to: target, bundle: bundle, inference: checked(ModelCacheDecoder.versionName), storePath: storePath)
        let graph = try VersionGraph(bundle: bundle, settings: settings, explicit: explicit, inference: inference)
        return (ModelCacheDecoder.versionName, plan, graph, target, rows)
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
        let assessment = inference.assess(from: InferenceIndex(source), to: InferenceIndex(destination))
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
