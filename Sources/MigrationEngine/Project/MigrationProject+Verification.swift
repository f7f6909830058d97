extension MigrationProject {
    /// Checks a store's integrity and its conformance to a model version, on a private snapshot so that the
    /// store's files are never written. Without a model the store is checked against its own cached model
    /// (`Z_MODELCACHE`): its integrity, bookkeeping and hashes, as far as the store alone can tell.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - version: The version to check against; nil for the one the store's hashes match.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap was recovered.
    /// - Returns: The version the store conforms to and whether it had to be recovered first.
    /// - Throws: ``PlanningError`` when the store matches no version, ``ExecutionError`` naming the store when
    ///   a check fails (an object breaking a rule before any other problem), ``ProjectError`` with no model and
    ///   no model cache.
    public func verify(
        store: String, version: String? = nil, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreVerification {
        let result = try problems(of: store, version: version, objectLimit: 1, report: report)
        if let first = result.problems.first { throw first.failure }
        return result
    }

    /// Checks a store as ``verify(store:version:report:)`` does, but goes on past each problem and lists every
    /// one: objects breaking a rule of the model first, one by one (up to `objectLimit`), then the integrity
    /// check's verdict, the bookkeeping, the schema and what else the objects do not explain.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - version: The version to check against; nil for the one the store's hashes match.
    ///   - objectLimit: How many objects breaking a rule are listed at most (each is read).
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap was recovered.
    /// - Returns: The version checked against, whether the store is valid, and every problem found.
    /// - Throws: ``PlanningError`` when the store matches no version, ``ProjectError`` with no model and no
    ///   model cache, ``StoreError`` when the store cannot be read at all.
    public func problems(
        of store: String, version: String? = nil, objectLimit: Int = 1_000,
        report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreVerification {
        let recovered = try recoverIfNeeded(store: store, report: report)
        var result = try SnapshotReading.read(store, options: snapshot) { snapshot in
            let contents = try StoreReader.read(snapshot, checkIntegrity: false)
            let bundle = try self.bundle ?? Self.cachedBundle(of: contents, store: store)
            guard let name = version ?? CompatibilityCheck.compatibleVersion(in: bundle, metadata: contents.metadata),
                let target = bundle.version(named: name)
            else {
                guard let version else {
                    throw PlanningError(
                        .storeMatchesNoVersion, message: "\(store): the store matches no version of \(bundle.path)")
                }
                throw PlanningError(
                    .unknownVersion, versions: [version], message: "\(store): no version \"\(version)\" in the model")
            }
            var result = StoreVerification(store: store, version: name)
            (result.problems, result.moreBrokenObjects) = try BrokenObjects.problems(
                snapshot.path, model: target, store: store, objectLimit: objectLimit)
            return result
        }
        result.valid = result.problems.isEmpty
        result.recovered = recovered
        return result
    }

    /// The store's cached model as a one-version model, for checks made from the store alone.
    private static func cachedBundle(of contents: StoreContents, store: String) throws -> ModelBundle {
        let cached: ObjectModel?
        do {
            cached = try contents.cachedModel()
        } catch {
            // The store's own model is damaged, not a model file the user gave: the app's model reads it.
            throw StoreError(
                .damaged, path: store, message: "model cache is unreadable: \(error.message)", remedy: .giveModel)
        }
        guard let model = cached else { throw ProjectError.noModel(operation: "verify") }
        return ModelBundle(path: store, versions: [model], currentVersionName: model.name)
    }
}
