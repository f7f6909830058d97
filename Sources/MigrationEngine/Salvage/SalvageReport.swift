/// What `salvage` recovered from a damaged store into a new one.
public struct SalvageReport: Sendable, Hashable, Codable {
    /// What identified the version the new store is written at.
    public enum Evidence: String, Sendable, Hashable, Codable {
        /// Named by the caller.
        case given
        /// The version hashes in the store's `Z_METADATA`.
        case metadata
        /// The store's `Z_MODELCACHE` (its hashes, or the cached model itself without a model).
        case modelCache
        /// The store's tables and columns, which fit exactly one version.
        case tableLayout
        /// The rows found page by page when the schema, metadata and model cache were all lost, which fill
        /// one version's tables better than any other's (or several alike: then the earliest, and a note says so).
        case rowLayout
    }

    /// The damaged store, which was only read.
    public var store: String
    /// The new store.
    public var output: String
    /// The model version the new store is at.
    public var version: String
    /// What identified that version.
    public var evidence: Evidence
    /// Per entity, in entity-number order.
    public var entities: [EntitySalvage]
    /// Per table (entity and join tables), with the row ids that could not be read.
    public var tables: [TableSalvage]
    /// Relationship references to objects that were lost, cleared in the new store.
    public var danglingReferences: [DanglingReference]
    /// What else was lost or changed: a `-wal` read in part, unreadable bookkeeping, a new store UUID.
    public var notes: [String]
    /// The `-wal` left out because it does not apply to what is left of the database, or nil when it was read
    /// (or there was none); also one of ``notes``.
    public var leftOutLog: LeftOutLog? = nil
    /// Every change made to objects that broke the model, when they were repaired (nil: not asked).
    public var repairs: RepairReport? = nil

    /// Objects written to the new store.
    public var recovered: Int { entities.map(\.recovered).reduce(0, +) }
    /// Objects known to be lost (from entities whose count could be read), or nil when none could.
    public var lost: Int? {
        let known = entities.compactMap(\.lost)
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    /// How many more objects than ``lost`` may have been lost: keys handed out that no object read carries,
    /// summed over the entity tables (``TableSalvage/mayHaveBeenLost``); nil when a table's `Z_MAX` is
    /// unreadable. An upper bound: the app may have deleted some of those objects.
    public var mayHaveBeenLost: Int64? {
        var total: Int64 = 0
        for table in tables where table.root != nil {
            guard let count = table.mayHaveBeenLost else { return nil }
            total += count
        }
        return total
    }
}
