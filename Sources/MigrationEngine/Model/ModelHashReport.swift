import Foundation

/// Every version's hashes as `cdmigrate hash` prints them: per entity hex and base64, plus checksum and
/// digest (the `--json` shape, documented in `docs/guide/hash.md`).
package struct ModelHashReport: Sendable, Codable, Hashable {
    /// The model path.
    package var model: String
    /// The current version's name, when known.
    package var currentVersion: String?
    /// Every version, in bundle order.
    package var versions: [Version]
    /// Groups of versions with identical entity hashes (``ModelBundle/identicalHashVersions``).
    package var identicalHashVersions: [[String]]

    /// One version's hashes.
    package struct Version: Sendable, Codable, Hashable {
        /// The version's name.
        package var name: String
        /// Whether it is the current version.
        package var isCurrent: Bool
        /// `NSStoreModelVersionIdentifiers` a store of this version records.
        package var versionIdentifiers: [String]
        /// `NSStoreModelVersionChecksumKey`.
        package var checksum: String
        /// `NSStoreModelVersionHashesDigest`.
        package var digest: String
        /// Entities in name order.
        package var entities: [EntityHash]
    }

    /// One entity's version hash.
    package struct EntityHash: Sendable, Codable, Hashable {
        /// The entity's name.
        package var name: String
        /// The hash as 64 lower-case hex digits.
        package var hex: String
        /// The hash in base64, as store metadata and Xcode show it.
        package var base64: String
    }

    /// Computes the report for a loaded model.
    package init(bundle: ModelBundle) {
        model = bundle.path
        currentVersion = bundle.currentVersion?.name
        identicalHashVersions = bundle.identicalHashVersions
        versions = bundle.versions.map { version in
            let hasher = VersionHasher(model: version)
            let hashes = hasher.entityHashes
            return Version(
                name: version.name, isCurrent: version.name == bundle.currentVersion?.name,
                versionIdentifiers: version.versionIdentifiers, checksum: hasher.checksum, digest: hasher.digest,
                entities: version.entitiesByName.map { entity in
                    let hash = hashes[entity.name] ?? Data()
                    return EntityHash(
                        name: entity.name, hex: hash.map { String(format: "%02x", $0) }.joined(),
                        base64: hash.base64EncodedString())
                })
        }
    }
}
