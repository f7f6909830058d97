import Foundation

/// What a restore would discard: the backup it puts back, and how the store now differs from it (its
/// rows per entity, and whether it was written after the run that took the backup).
public struct RestorePreview: Sendable, Hashable, Codable {
    /// One entity's rows in the backup and in the store now; `nil` where that store has no such entity or
    /// could not be read.
    public struct EntityRows: Sendable, Hashable, Codable {
        /// The entity's name.
        public var entity: String
        /// Its rows in the backup.
        public var inBackup: Int?
        /// Its rows in the store now.
        public var now: Int?
    }

    /// The store.
    public var storePath: String
    /// The backup a restore would put back.
    public var backup: BackupManifest
    /// When the store's files (the database and its `-wal`) were last written.
    public var storeModified: Date?
    /// When the migration that took the backup ended; nil for a backup no recorded migration took (the
    /// one a restore takes of the files it replaces).
    public var runFinished: Date?
    /// Every entity of either store, by name, in the backup's order, then the store's.
    public var entities: [EntityRows]
    /// Why a side could not be read (a damaged store is what a restore is often for).
    public var problems: [String]

    /// The entities whose rows differ between the backup and the store now (none when either could not be
    /// read: an unread side is no difference).
    public var changedEntities: [EntityRows] {
        entities.filter { $0.inBackup != nil && $0.now != nil && $0.inBackup != $0.now }
    }

    /// Whether the store was written after the run that took the backup ended (or, without a recorded run,
    /// after the backup was taken): the writes a restore discards. Nil when the store has no file to date, or
    /// within the second of a time written before the history kept fractions of a second.
    public var isWrittenSinceBackup: Bool? {
        guard let storeModified else { return nil }
        let reference = (runFinished ?? backup.created).timeIntervalSince1970
        guard reference == reference.rounded(.down) else { return storeModified.timeIntervalSince1970 > reference }
        let written = storeModified.timeIntervalSince1970.rounded(.down)
        return written == reference ? nil : written > reference
    }
}
