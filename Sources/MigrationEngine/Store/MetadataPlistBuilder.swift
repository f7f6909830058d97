import Foundation

/// Builds `Z_METADATA.Z_PLIST` for a model version (FORMAT.md §4) as a binary property list.
struct MetadataPlistBuilder {
    let model: ObjectModel
    let options: StoreCreationOptions

    /// Keys that describe the model or the store and are always recomputed, never carried over.
    static let modelKeys: Set<String> = StoreMetadata.Key.known.union(["NSStoreUUID"])

    func build(path: String) throws(StoreWriteError) -> Data {
        typealias Key = StoreMetadata.Key
        let source = options.sourceMetadata
        var plist: [String: PropertyListValue] = [:]
        for (key, value) in source?.plist ?? [:] where !Self.modelKeys.contains(key) {
            // Keyed-archive references and nulls have no meaning outside an archive: refuse, never carry them.
            guard value.foundationObject != nil else {
                throw StoreWriteError(path: path, message: "metadata key \(key) holds a value a property list cannot store")
            }
            plist[key] = value
        }
        let hasher = VersionHasher(model: model)
        let hashes = hasher.entityHashes
        let framework = options.frameworkVersion ?? source?.frameworkVersion ?? StoreCreationOptions.defaultFrameworkVersion
        plist[Key.storeType] = .string("SQLite")
        plist[Key.versionHashes] = .dictionary(hashes.mapValues { .data($0) })
        plist[Key.hashesVersion] = .integer(3)
        let identifiers = model.versionIdentifiers.isEmpty ? [""] : model.versionIdentifiers
        plist[Key.versionIdentifiers] = .array(identifiers.map { .string($0) })
        plist[Key.frameworkVersion] = .integer(Int64(framework))
        plist[Key.autoVacuumLevel] = .string("2")
        // Newer frameworks add a digest (and later a checksum); follow the source when there is one.
        if source.map({ $0.hashesDigest != nil }) ?? (framework >= 1000) {
            plist[Key.hashesDigest] = .string(VersionHasher.digest(of: hashes))
        }
        if source.map({ $0.checksum != nil }) ?? (framework >= 1300) {
            plist[Key.checksum] = .string(hasher.checksum)
        }
        // Written by the engine's own writer: Foundation's fails in a binary with the Swift runtime linked
        // statically ("property lists cannot contain objects of type 'Not A Type'"), and this one is
        // deterministic (sorted keys).
        return BinaryPropertyListWriter.write(.dictionary(plist))
    }
}
