extension MigrationProject {
    /// The inferred mapping from `from` to `to`, with the data it drops and the objects breaking its
    /// conditions counted in `store` (read from a private snapshot) when one is given.
    ///
    /// - Parameters:
    ///   - from: The source version's name.
    ///   - to: The destination version's name.
    ///   - store: A store of version `from` whose rows the dropped data is counted in; nil to list what is
    ///     dropped without counting it. The store is only read.
    /// - Returns: The mapping and what it drops, counted when `store` is given.
    /// - Throws: ``ProjectError`` without a model, ``UnknownVersion`` for a version the model lacks, and
    ///   store errors naming `store`.
    public func diff(from: String, to: String, countingIn store: String? = nil) throws -> VersionDiff {
        let bundle = try requireBundle(for: "diff")
        let source = try bundle.requireVersion(named: from)
        let destination = try bundle.requireVersion(named: to)
        let mapping = InferredMapping.infer(from: source, to: destination)
        guard let store else {
            return VersionDiff(mapping: mapping, drops: mapping.drops, conditions: mapping.conditions)
        }
        let (drops, conditions) = try SnapshotReading.read(store, options: snapshot) { snapshot in
            (
                try DataLossCounter.count(mapping, sourceModel: source, storePath: snapshot.path),
                try StoreConditionCounter.count(mapping.conditions, sourceModel: source, storePath: snapshot.path)
            )
        }
        return VersionDiff(mapping: mapping, drops: drops, conditions: conditions, countedInStore: store)
    }
}
