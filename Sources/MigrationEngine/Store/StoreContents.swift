import Foundation

/// Everything ``StoreReader`` learned about a store, read from a snapshot.
public struct StoreContents: Sendable {
    /// The original's files as found when the snapshot was taken.
    public var files: StoreFileSet
    /// The journal mode recorded in the database header.
    public var journalMode: JournalMode
    /// SQLite's `auto_vacuum` setting (2, incremental, in Core Data stores).
    public var autoVacuum: Int
    /// `Z_METADATA`.
    public var metadata: StoreMetadata
    /// `Z_PRIMARYKEY`, by entity number (persistent-history entries included).
    public var primaryKeys: [PrimaryKeyEntry]
    /// Row counts for every model entity in `Z_PRIMARYKEY`, by entity number.
    public var rowCounts: [EntityRowCount]
    /// Many-to-many join tables (`Z_<n><NAME>`).
    public var joinTables: [StoreTable]
    /// Persistent-history tables (`ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING`, …).
    public var historyTables: [StoreTable]
    /// Tables that are neither bookkeeping, entity, join nor history tables.
    public var otherTables: [StoreTable]
    /// The raw `Z_MODELCACHE.Z_CONTENT`, when the store has one.
    public var modelCache: Data?
    /// Every table's columns, in declaration order: what tells the store's version when its hashes name none.
    public var tableColumns: [String: [String]] = [:]

    /// The row count of the entity with this name.
    ///
    /// - Parameter entity: The entity's name as `Z_PRIMARYKEY` records it.
    /// - Returns: Its own rows (sub-entities' not included); nil for an entity the store does not list.
    public func rows(of entity: String) -> Int? {
        rowCounts.first { $0.entity == entity }?.rows
    }

    /// The store's cached model, decoded, or `nil` when the store has no model cache.
    ///
    /// - Throws: ``ModelError`` `.undecodableArchive` when the cache does not inflate or decode.
    package func cachedModel() throws(ModelError) -> ObjectModel? {
        guard let modelCache else { return nil }
        return try ModelCacheDecoder.decode(modelCache, path: files.databasePath)
    }
}
