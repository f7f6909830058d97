import Foundation

/// Builds `Z_METADATA.Z_PLIST` for a model version (FORMAT.md §4) as a binary property list.
struct MetadataPlistBuilder {
    let model: ObjectModel
    let options: StoreCreationOptions

    /// Keys that describe the model or the store and are always recomputed, never carried over.
    static let modelKeys: Set<String> = [
        "NSStoreType", "NSStoreUUID", "NSStoreModelVersionHashes", "NSStoreModelVersionHashesVersion",
        "NSStoreModelVersionIdentifiers", "NSPersistenceFrameworkVersion", "_NSAutoVacuumLevel",
        "NSStoreModelVersionHashesDigest", "NSStoreModelVersionChecksumKey",
    ]

    func build(path: String) throws(StoreWriteError) -> Data {
        let source = try sourceDictionary(path: path)
        var plist: [String: Any] = source.filter { !Self.modelKeys.contains($0.key) }
        let hasher = VersionHasher(model: model)
        let hashes = hasher.entityHashes
        let framework = options.frameworkVersion
            ?? (source["NSPersistenceFrameworkVersion"] as? NSNumber)?.intValue
            ?? StoreCreationOptions.defaultFrameworkVersion
        plist["NSStoreType"] = "SQLite"
        plist["NSStoreModelVersionHashes"] = hashes.mapValues { NSData(data: $0) }
        plist["NSStoreModelVersionHashesVersion"] = NSNumber(value: 3)
        plist["NSStoreModelVersionIdentifiers"] = model.versionIdentifiers.isEmpty ? [""] : model.versionIdentifiers
        plist["NSPersistenceFrameworkVersion"] = NSNumber(value: framework)
        plist["_NSAutoVacuumLevel"] = "2"
        // Newer frameworks add a digest (and later a checksum); follow the source when there is one.
        let hasSource = options.sourceMetadata != nil
        if hasSource ? source["NSStoreModelVersionHashesDigest"] != nil : framework >= 1000 {
            plist["NSStoreModelVersionHashesDigest"] = VersionHasher.digest(of: hashes)
        }
        if hasSource ? source["NSStoreModelVersionChecksumKey"] != nil : framework >= 1300 {
            plist["NSStoreModelVersionChecksumKey"] = hasher.checksum
        }
        do {
            return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        } catch {
            throw StoreWriteError(path: path, message: "cannot encode store metadata: \(error)")
        }
    }

    private func sourceDictionary(path: String) throws(StoreWriteError) -> [String: Any] {
        guard let data = options.sourceMetadata else { return [:] }
        guard let value = try? PropertyListSerialization.propertyList(from: data, format: nil),
            let dictionary = value as? [String: Any]
        else {
            throw StoreWriteError(path: path, message: "source store metadata is not a property list dictionary",
                                  category: .damaged)
        }
        return dictionary
    }
}
