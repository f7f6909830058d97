import Foundation
import GRDB

/// A store's `Z_METADATA` row: the store UUID and the metadata property list, every key kept with its
/// exact type (unknown, app-defined keys too, so a migration can carry them over).
public struct StoreMetadata: Sendable, Hashable {
    /// Well-known metadata keys.
    public enum Key {
        /// Entity name → 32-byte version hash.
        public static let versionHashes = "NSStoreModelVersionHashes"
        /// The hash scheme version (3 in every store seen).
        public static let hashesVersion = "NSStoreModelVersionHashesVersion"
        /// The model's version identifiers.
        public static let versionIdentifiers = "NSStoreModelVersionIdentifiers"
        /// The Core Data build that wrote the store.
        public static let frameworkVersion = "NSPersistenceFrameworkVersion"
        /// Base64 SHA-512 digest of the hashes (newer stores).
        public static let hashesDigest = "NSStoreModelVersionHashesDigest"
        /// Base64 SHA-256 checksum of the hashes (newer stores).
        public static let checksum = "NSStoreModelVersionChecksumKey"
        /// The store type, `SQLite`.
        public static let storeType = "NSStoreType"
        /// The auto-vacuum level as a string (`"2"`).
        public static let autoVacuumLevel = "_NSAutoVacuumLevel"
        /// Every key above.
        public static let known: Set<String> = [
            versionHashes, hashesVersion, versionIdentifiers, frameworkVersion, hashesDigest, checksum,
            storeType, autoVacuumLevel,
        ]
    }

    /// `Z_VERSION` (1).
    public var rowVersion: Int64
    /// `Z_UUID`, the store's UUID.
    public var uuid: String
    /// Every key of the `Z_PLIST` property list.
    public var plist: [String: PropertyListValue]

    /// Creates metadata from its parts.
    package init(rowVersion: Int64 = 1, uuid: String, plist: [String: PropertyListValue]) {
        self.rowVersion = rowVersion
        self.uuid = uuid
        self.plist = plist
    }

    /// `NSStoreModelVersionHashes`: entity name → hash (entries that are not data are left out).
    public var versionHashes: [String: Data] {
        plist[Key.versionHashes]?.dictionary?.compactMapValues(\.data) ?? [:]
    }

    /// `NSStoreModelVersionHashesVersion`.
    public var hashesVersion: Int? { plist[Key.hashesVersion]?.integer.map { Int($0) } }
    /// `NSStoreModelVersionIdentifiers`.
    public var versionIdentifiers: [String] { plist[Key.versionIdentifiers]?.array?.compactMap(\.string) ?? [] }
    /// `NSPersistenceFrameworkVersion`.
    public var frameworkVersion: Int? { plist[Key.frameworkVersion]?.integer.map { Int($0) } }
    /// `NSStoreModelVersionHashesDigest`, when present.
    public var hashesDigest: String? { plist[Key.hashesDigest]?.string }
    /// `NSStoreModelVersionChecksumKey`, when present.
    public var checksum: String? { plist[Key.checksum]?.string }
    /// `NSStoreType`.
    public var storeType: String? { plist[Key.storeType]?.string }
    /// Keys this tool does not know, sorted: app-defined metadata to preserve.
    public var unknownKeys: [String] { plist.keys.filter { !Key.known.contains($0) }.sorted() }

    /// Reads the `Z_METADATA` row of an open store.
    package static func read(_ db: Database, path: String) throws(StoreError) -> StoreMetadata {
        let row: Row?
        do {
            row = try Row.fetchOne(
                db,
                sql: #"""
                    SELECT CAST("Z_VERSION" AS INTEGER) AS "Z_VERSION", CAST("Z_UUID" AS TEXT) AS "Z_UUID",
                    CAST("Z_PLIST" AS BLOB) AS "Z_PLIST" FROM "Z_METADATA"
                    """#)
        } catch {
            throw StoreError.reading(error, path: path)
        }
        guard let row, let blob = row["Z_PLIST"] as Data? else {
            // Salvage tells the version from the model cache or the tables instead, and gives a new UUID.
            throw StoreError(.damaged, path: path, message: "Z_METADATA has no metadata row", remedy: .salvage)
        }
        let value: PropertyListValue
        do {
            value = try BinaryPropertyList.read(blob)
        } catch {
            throw StoreError(
                .damaged, path: path, message: "Z_METADATA.Z_PLIST is unreadable: \(error.message)", remedy: .salvage)
        }
        guard case .dictionary(let plist) = value else {
            throw StoreError(.damaged, path: path, message: "Z_METADATA.Z_PLIST is not a dictionary", remedy: .salvage)
        }
        return StoreMetadata(rowVersion: row["Z_VERSION"] ?? 1, uuid: row["Z_UUID"] ?? "", plist: plist)
    }
}
