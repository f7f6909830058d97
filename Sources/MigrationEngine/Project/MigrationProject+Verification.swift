extension MigrationProject {
    /// Checks a store's integrity and its conformance to a model version, on a private snapshot so that the
    /// store's files are never written.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - version: The version to check against; nil for the one the store's hashes match.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when an interrupted swap was recovered.
    /// - Returns: The version the store conforms to and whether it had to be recovered first.
    /// - Throws: ``PlanningError`` when the store matches no version, ``ExecutionError`` naming the store when
    ///   a check fails.
    public func verify(
        store: String, version: String? = nil, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreVerification {
        let bundle = try requireBundle(for: "verify")
        let recovered = try recoverIfNeeded(store: store, report: report)
        let name = try SnapshotReading.read(store, options: snapshot) { snapshot in
            let contents = try StoreReader.read(snapshot, checkIntegrity: false)
            guard let name = version ?? CompatibilityCheck.check(bundle, metadata: contents.metadata).compatibleVersion,
                let target = bundle.version(named: name)
            else {
                let problem =
                    version.map { "no version \"\($0)\" in the model" }
                    ?? "the store matches no version of \(bundle.path)"
                throw PlanningError(.unknownVersion, versions: version.map { [$0] } ?? [], message: "\(store): \(problem)")
            }
            try StoreValidator(model: target).validate(snapshot.path)
            return name
        }
        return StoreVerification(store: store, version: name, recovered: recovered)
    }
}
