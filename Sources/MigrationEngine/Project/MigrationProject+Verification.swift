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
    ///   a check fails, ``ProjectError`` with no model and no model cache.
    public func verify(
        store: String, version: String? = nil, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreVerification {
        let recovered = try recoverIfNeeded(store: store, report: report)
        let name = try SnapshotReading.read(store, options: snapshot) { snapshot in
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
            // A store that fails because of one of its objects is told which object and which rule.
            try BrokenObjects.validate(snapshot.path, model: target, store: store)
            return name
        }
        return StoreVerification(store: store, version: name, recovered: recovered)
    }

    /// The store's cached model as a one-version model, for checks made from the store alone.
    private static func cachedBundle(of contents: StoreContents, store: String) throws -> ModelBundle {
        guard let model = try contents.cachedModel() else { throw ProjectError.noModel(operation: "verify") }
        return ModelBundle(path: store, versions: [model], currentVersionName: model.name)
    }
}
