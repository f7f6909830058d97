/// Which model version a damaged store is at, and what said so.
///
/// The store's own word counts first (the version hashes in `Z_METADATA`, then those of the model in its
/// `Z_MODELCACHE`); when both are lost, its tables are compared with the layout each version implies.
struct SalvageModelChoice {
    /// The version the new store is written at.
    let model: ObjectModel
    /// What identified it.
    let evidence: SalvageReport.Evidence

    /// Chooses the version for `source`: `version` from `bundle` when given, else the one the store's
    /// evidence names; without a bundle, the store's cached model.
    static func choose(bundle: ModelBundle?, version: String?, source: SalvageSource, store: String) throws(SalvageError)
        -> SalvageModelChoice
    {
        guard let bundle else {
            guard let cached = source.cachedModel else {
                throw SalvageError(
                    store: store, message: "the store's model cache is missing or unreadable", category: .invalidInput,
                    remedy: .giveModel)
            }
            return SalvageModelChoice(model: cached, evidence: .modelCache)
        }
        if let version {
            guard let model = bundle.version(named: version) else {
                throw SalvageError(store: store, message: "no version \"\(version)\" in \(bundle.path)", category: .invalidInput)
            }
            return SalvageModelChoice(model: model, evidence: .given)
        }
        if let metadata = source.metadata,
            let model = bundle.versions.first(where: { $0.matchesVersionHashes(metadata.versionHashes) })
        {
            return SalvageModelChoice(model: model, evidence: .metadata)
        }
        if let cached = source.cachedModel {
            let hashes = VersionHasher(model: cached).entityHashes
            if let model = bundle.versions.first(where: { $0.matchesVersionHashes(hashes) }) {
                return SalvageModelChoice(model: model, evidence: .modelCache)
            }
        }
        let fitting = SchemaFit.fitting(bundle.versions, source.tableColumns)
        // Versions that differ only where the tables do not show (validation rules, hash modifiers) are
        // alike to the rows, but their hashes differ: the new store must name the right one.
        guard let model = fitting.only else {
            // Say what each piece of evidence gave: lost, or read but naming no version of this model.
            let metadata = source.metadata == nil ? "its metadata is lost" : "its metadata's hashes match no version"
            let cache = source.cachedModel == nil ? "its model cache is lost or absent" : "its model cache matches no version"
            throw SalvageError(
                store: store,
                message: "cannot tell the store's version (\(metadata) of \(bundle.path), \(cache); \(fitting.problem))",
                category: .noRoute, remedy: .giveStoreVersion)
        }
        return SalvageModelChoice(model: model, evidence: .tableLayout)
    }
}
