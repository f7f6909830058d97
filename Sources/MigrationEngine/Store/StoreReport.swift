import Foundation

/// Everything `cdmigrate inspect` shows, as a stable Codable shape (the `--json` output; documented in
/// `docs/guide/inspect.md`). Keys are only ever added, never renamed or removed.
public struct StoreReport: Sendable, Codable {
    /// The store's database file, as given.
    public var path: String
    /// The files of the store that exist, with sizes.
    public var files: [StoreFile]
    /// `wal` or `rollback`, from the database header.
    public var journalMode: JournalMode
    /// SQLite's `auto_vacuum` setting.
    public var autoVacuum: Int
    /// The store UUID (`Z_METADATA.Z_UUID`).
    public var uuid: String
    /// `NSPersistenceFrameworkVersion`.
    public var frameworkVersion: Int?
    /// `NSStoreModelVersionHashesVersion`.
    public var hashesVersion: Int?
    /// `NSStoreModelVersionIdentifiers`.
    public var versionIdentifiers: [String]
    /// `NSStoreModelVersionHashesDigest`, when present.
    public var hashesDigest: String?
    /// `NSStoreModelVersionChecksumKey`, when present.
    public var checksum: String?
    /// Every metadata key with its value in JSON form (see ``PropertyListValue``'s `Codable` conformance).
    public var metadata: [String: PropertyListValue]
    /// Every metadata key's property-list type (`integer`, `data`, `dictionary`, …).
    public var metadataTypes: [String: String]
    /// Metadata keys that Core Data does not define (app metadata), sorted.
    public var unknownMetadataKeys: [String]
    /// Every model entity of the store, by entity number.
    public var entities: [EntityReport]
    /// Many-to-many join tables.
    public var joinTables: [StoreTable]
    /// Persistent-history tables.
    public var historyTables: [StoreTable]
    /// Other tables found in the file.
    public var otherTables: [StoreTable]
    /// Whether the store has a `Z_MODELCACHE`.
    public var hasModelCache: Bool
    /// The model compared with: the store's own cached model or the model file given.
    public var modelSource: ModelSource?
    /// The model's versions (one, `store model cache`, when the cache is used).
    public var modelVersions: [String]
    /// The comparison of the model's versions with the store, when a model was available.
    public var compatibility: CompatibilityReport?
    /// True when SQLite's `quick_check` read every page and passed (one that fails is refused as damaged,
    /// with no report); nil when it was not asked for.
    public var quickCheckPassed: Bool? = nil
    /// Groups of the compared model's versions that Core Data cannot tell apart
    /// (``ModelBundle/identicalHashVersions``); nil when there are none.
    public var identicalHashVersions: [[String]]? = nil

    /// One entity of the store.
    public struct EntityReport: Sendable, Codable, Hashable {
        /// The entity's name.
        public var name: String
        /// Its number (`Z_ENT`).
        public var number: Int
        /// Its parent's name, if any.
        public var parent: String?
        /// The table holding its rows.
        public var table: String?
        /// Rows of exactly this entity.
        public var rows: Int
        /// `Z_MAX` of its row in `Z_PRIMARYKEY`.
        public var maxPrimaryKey: Int64
        /// Its version hash in the store's metadata, base64.
        public var hash: String?
        /// Whether the compatible (or nearest) version has the same hash, when a model was compared.
        public var matchesModel: Bool?
        /// The compared model's name for the entity when `Z_PRIMARYKEY` records another: Core Data's
        /// lightweight migration keeps the old name of an entity it renamed (`coredataplus-cars` V2 records
        /// `ExpensiveSportCar` for `LuxuryCar`). Absent when the names agree.
        public var modelName: String? = nil
    }
}
