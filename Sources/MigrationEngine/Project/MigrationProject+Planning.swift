extension MigrationProject {
    /// Reads the store (recovering it first if a swap was interrupted), finds its version and plans the
    /// chain to `target`.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - target: The version to reach; nil for the model's current version.
    ///   - checksIntegrity: Run SQLite's `quick_check` over the whole store first and refuse a damaged one.
    ///     Pass false only for a plan that goes straight to ``migrate(_:options:report:)``: the run then makes
    ///     the check itself, beside its first step, and refuses a damaged store with the same error
    ///     (``StorePlanning/isIntegrityChecked`` says which was done). A store already at the target, or
    ///     one that cannot be planned, is still checked here.
    ///   - countsRows: Count the store's rows for ``StorePlanning/rowCount`` (what each step reads); pass false
    ///     for a plan no one is shown before it runs, which then reads no entity table.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap was recovered.
    /// - Returns: The store's version, the chosen chain and the graph it was chosen from.
    /// - Throws: ``ProjectError`` without a model, ``StoreError`` for an unreadable store, ``PlanningError``
    ///   when the store matches no version or no route reaches the target.
    public func plan(
        store: String, target: String? = nil, checksIntegrity: Bool = true, countsRows: Bool = true,
        report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StorePlanning {
        let bundle = try requireBundle(for: "planning")
        try recoverIfNeeded(store: store, report: report)
        return try StorePlanning(
            storePath: store, bundle: bundle, settings: settings, explicit: explicitMappings, inference: inference,
            target: target, snapshot: snapshot, checksIntegrity: checksIntegrity, countsRows: countsRows)
    }

    /// The plan to `target` when there is one: nil when the store matches no version, the target is not a
    /// version, or no route reaches it — the planning failures a view of the whole graph stays useful through.
    /// A store that cannot be read still throws.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - target: The version to reach; nil for the model's current version.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap was recovered.
    /// - Returns: What ``plan(store:target:checksIntegrity:countsRows:report:)`` returns, or nil.
    /// - Throws: ``ProjectError`` without a model, ``StoreError`` for an unreadable store.
    public func planIfRouted(
        store: String, target: String? = nil, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StorePlanning? {
        do {
            return try plan(store: store, target: target, report: report)
        } catch is PlanningError {
            return nil
        }
    }

    /// The whole version graph: every version and every step the mappings and inference allow.
    ///
    /// - Throws: ``ProjectError`` without a model, ``PlanningError`` when the version order is invalid.
    public func graph() throws -> VersionGraph {
        try VersionGraph(
            bundle: try requireBundle(for: "the version graph"), settings: settings, explicit: explicitMappings,
            inference: inference)
    }
}
