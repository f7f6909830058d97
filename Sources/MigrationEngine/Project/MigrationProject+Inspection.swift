extension MigrationProject {
    /// What a store holds and which model version fits it, read through the store's `-wal` without writing
    /// any of its files.
    ///
    /// Without a model the store's own cached model (`Z_MODELCACHE`) is compared with; with one, a damaged
    /// cache only costs the per-property detail.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - checksIntegrity: Run SQLite's `quick_check` over every page first and report a store
    ///     that fails it as damaged. Off by default: it reads the whole file, while the report itself reads
    ///     only the bookkeeping tables and counts rows without reading them, so damage elsewhere goes unseen.
    /// - Returns: The store's contents, its model versions' fit, and where the compared model came from.
    /// - Throws: ``StoreError`` for a missing, damaged or locked store, or an unreadable cache with no model.
    public func inspect(store: String, checksIntegrity: Bool = false) throws -> StoreReport {
        let (contents, cache) = try read(store: store, checksIntegrity: checksIntegrity)
        let storeModel: ObjectModel?
        switch cache {
        case .success(let model): storeModel = model
        case .failure(let error):
            // Without a model the cache is all there is to compare with.
            guard bundle != nil else {
                throw StoreError(
                    .damaged, path: store, message: "model cache is unreadable: \(error.message)", remedy: .giveModel)
            }
            storeModel = nil
        }
        let compared = bundle ?? storeModel.map { ModelBundle(path: store, versions: [$0], currentVersionName: $0.name) }
        var report = StoreReport(
            path: store, contents: contents, bundle: compared,
            modelSource: bundle.map { .file($0.path) } ?? (storeModel == nil ? nil : .storeCache), storeModel: storeModel)
        // Reading with the check throws for a store that fails it, so a report made with it says it passed.
        if checksIntegrity { report.quickCheckPassed = true }
        if let identical = compared?.identicalHashVersions, !identical.isEmpty { report.identicalHashVersions = identical }
        return report
    }
}

extension MigrationProject {
    /// Every version's entity hashes, checksum and digest, as `cdmigrate hash` prints them.
    ///
    /// - Returns: The report, with the groups of versions Core Data cannot tell apart.
    /// - Throws: ``ProjectError`` without a model.
    package func hashes() throws -> ModelHashReport {
        ModelHashReport(bundle: try requireBundle(for: "hashing a model"))
    }
}
