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
        var plist: [String: Any] = [:]
        for (key, value) in source?.plist ?? [:] where !Self.modelKeys.contains(key) {
            guard let object = value.foundationObject else {
                throw StoreWriteError(path: path, message: "metadata key \(key) holds a value a property list cannot store")
            }
            plist[key] = object
        }
        let hasher = VersionHasher(model: model)
        let hashes = hasher.entityHashes
        let framework = options.frameworkVersion ?? source?.frameworkVersion ?? StoreCreationOptions.defaultFrameworkVersion
        plist[Key.storeType] = "SQLite"
        plist[Key.versionHashes] = hashes
        plist[Key.hashesVersion] = 3
        plist[Key.versionIdentifiers] = model.versionIdentifiers.isEmpty ? [""] : model.versionIdentifiers
        plist[Key.frameworkVersion] = framework
        plist[Key.autoVacuumLevel] = "2"
        // Newer frameworks add a digest (and later a checksum); follow the source when there is one.
        if source.map({ $0.hashesDigest != nil }) ?? (framework >= 1000) {
            plist[Key.hashesDigest] = VersionHasher.digest(of: hashes)
        }
        if source.map({ $0.checksum != nil }) ?? (framework >= 1300) {
            plist[Key.checksum] = hasher.checksum
        }
        do {
            return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        } catch {
            throw StoreWriteError(path: path, message: "cannot encode store metadata: \(error)")
        }
    }
}
