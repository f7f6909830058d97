import Foundation

extension StoreReport {
    /// Builds the report for read store contents and, optionally, a model to compare with.
    ///
    /// - Parameters:
    ///   - path: The store path as the user gave it.
    ///   - contents: What ``StoreReader`` read from the store.
    ///   - bundle: The model versions to compare the store with; nil for a report without compatibility.
    ///   - modelSource: The store's cache or the model file, describing `bundle`.
    ///   - storeModel: The store's own cached model, for per-property differences; nil without one.
    public init(path: String, contents: StoreContents, bundle: ModelBundle?, modelSource: ModelSource?, storeModel: ObjectModel?)
    {
        let metadata = contents.metadata
        let compatibility = bundle.map {
            CompatibilityCheck.check(
                $0, metadata: metadata, storeModel: storeModel, tableColumns: contents.tableColumns)
        }
        let chosen = compatibility.flatMap { report in report.nearestVersion.flatMap { report.comparison(for: $0) } }
        let byNumber = Dictionary(contents.primaryKeys.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        // The compared version's names for the store's entities, renames Core Data kept resolved.
        let modelNames = Dictionary(
            (chosen.flatMap { bundle?.version(named: $0.version) }
                .map { PrimaryKeyEntry.resolvingRenames(contents.primaryKeys, model: $0) } ?? []).map { ($0.number, $0.name) },
            uniquingKeysWith: { first, _ in first })
        let hashes = metadata.versionHashes
        self.init(
            path: path, files: contents.files.files, journalMode: contents.journalMode, autoVacuum: contents.autoVacuum,
            uuid: metadata.uuid, frameworkVersion: metadata.frameworkVersion, hashesVersion: metadata.hashesVersion,
            versionIdentifiers: metadata.versionIdentifiers, hashesDigest: metadata.hashesDigest,
            checksum: metadata.checksum, metadata: metadata.plist,
            metadataTypes: metadata.plist.mapValues(\.typeName), unknownMetadataKeys: metadata.unknownKeys,
            entities: contents.rowCounts.map { count in
                let entry = byNumber[count.number]
                let name = modelNames[count.number] ?? count.entity
                return EntityReport(
                    name: count.entity, number: count.number,
                    parent: entry.flatMap { byNumber[$0.superNumber]?.name }, table: count.table, rows: count.rows,
                    maxPrimaryKey: entry?.maxPrimaryKey ?? 0, hash: hashes[name]?.base64EncodedString(),
                    matchesModel: chosen.map { version in
                        version.entities.first { $0.entity == name }?.status == .matches
                    },
                    modelName: name == count.entity ? nil : name)
            },
            joinTables: contents.joinTables, historyTables: contents.historyTables, otherTables: contents.otherTables,
            hasModelCache: contents.modelCache != nil, modelSource: modelSource,
            modelVersions: bundle?.versions.map(\.name) ?? [], compatibility: compatibility)
    }
}
