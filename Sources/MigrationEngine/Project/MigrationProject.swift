import Foundation

/// The engine's front door: a model with its planning settings, explicit mappings and Swift policies, opened
/// once, and every operation cdmigrate offers on stores.
///
/// The CLI, the console and library users all go through this type, so that each operation is assembled in
/// one place: a store caught mid-swap is recovered (and the recovery recorded) before anything reads it, the
/// same mappings and inference plan every chain, and the same executor runs it.
///
/// ```swift
/// let project = try MigrationProject(modelPath: "App.xcdatamodeld", policies: myPolicies)
/// let planning = try project.plan(store: "App.sqlite")
/// try project.migrate([planning], options: ExecutionOptions()) { event in print(event) }
/// ```
public struct MigrationProject: Sendable {
    /// The model's versions, or nil when the project works from stores alone (their cached models).
    public let bundle: ModelBundle?
    /// Version order, routing, downgrades and mapping folders.
    public let settings: PlanningSettings
    /// Every explicit mapping found in the settings' mapping folders.
    public let explicitMappings: [ExplicitMappingCandidate]
    /// Judges and builds inferred steps; nil when the project uses explicit mappings only.
    package let inference: (any InferenceProvider)?
    /// How stores are read: whether a damaged or foreign `-wal` is refused (the default) or read in part.
    public let snapshot: SnapshotOptions

    /// Opens a project on an already loaded model.
    ///
    /// - Parameters:
    ///   - bundle: The model's versions; nil to work from each store's cached model.
    ///   - settings: Version order, routing and mapping folders.
    ///   - policies: The Swift migration policies the mappings may name.
    ///   - infers: Whether steps may be inferred (`false`: explicit mappings only).
    ///   - snapshot: How stores are read (``SnapshotOptions/acceptWALLoss``).
    /// - Throws: ``MappingFileError`` when a mapping folder is missing or unreadable (planning without its
    ///   mappings would fall back to a lossy chain) or a mapping in it is invalid; ``ModelError`` for a
    ///   mapping model that cannot be decoded.
    public init(
        bundle: ModelBundle?, settings: PlanningSettings = PlanningSettings(),
        policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), infers: Bool = true,
        snapshot: SnapshotOptions = SnapshotOptions()
    ) throws {
        self.bundle = bundle
        self.settings = settings
        self.snapshot = snapshot
        inference = infers ? InferredStepProvider() : nil
        guard let bundle else {
            explicitMappings = []
            return
        }
        let reader = MappingDirectoryReader(policies: policies)
        explicitMappings = try reader.candidates(in: settings.mappingDirectories, bundle: bundle)
    }

    /// Opens a project on the model at `modelPath` (`.xcdatamodeld`, `.xcdatamodel`, `.momd` or `.mom`).
    ///
    /// - Parameters:
    ///   - modelPath: The model; nil to work from each store's cached model.
    ///   - settings: The settings to use; nil reads `cdmigrate.yaml` (or `.yml`, `.json`) beside the model.
    ///   - policies: The Swift migration policies the mappings may name.
    ///   - infers: Whether steps may be inferred.
    ///   - snapshot: How stores are read (``SnapshotOptions/acceptWALLoss``).
    /// - Throws: ``ModelError`` for a missing or invalid model, ``PlanningError`` for an invalid project file,
    ///   and whatever ``init(bundle:settings:policies:infers:)`` throws.
    public init(
        modelPath: String?, settings: PlanningSettings? = nil,
        policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), infers: Bool = true,
        snapshot: SnapshotOptions = SnapshotOptions()
    ) throws {
        let bundle = try modelPath.map { try ModelLoader.load(path: $0) }
        let settings = try settings ?? modelPath.map { try PlanningSettings.besideModel($0) } ?? PlanningSettings()
        try self.init(bundle: bundle, settings: settings, policies: policies, infers: infers, snapshot: snapshot)
    }

    /// The model, or an error saying that this operation needs one.
    func requireBundle(for operation: String) throws(ProjectError) -> ModelBundle {
        guard let bundle else { throw ProjectError.noModel(operation: operation) }
        return bundle
    }
}
