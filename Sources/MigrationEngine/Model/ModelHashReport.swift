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
        // Each version hashed once, through the bundle, for the groups above and the report alike.
        versions = bundle.versions.indices.map { index in
            let version = bundle.versions[index]
            let hashes = bundle.entityHashes(ofVersionAt: index)
            return Version(
                name: version.name, isCurrent: version.name == bundle.currentVersion?.name,
                versionIdentifiers: version.versionIdentifiers,
                checksum: VersionHasher.checksum(of: hashes, in: version), digest: VersionHasher.digest(of: hashes),
                entities: version.entitiesByName.map { entity in
                    let hash = hashes[entity.name] ?? Data()
                    return EntityHash(name: entity.name, hex: Self.hex(hash), base64: hash.base64EncodedString())
                })
        }
    }

    /// The bytes as lower-case hex digits (formatting each byte with `String(format:)` took longer than
    /// hashing the model).
    static func hex(_ bytes: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
