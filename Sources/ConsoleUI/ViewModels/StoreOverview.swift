import Foundation

/// What the Store and Entities panes show about the open store, gathered from the engine's store reader.
public struct StoreOverview: Sendable, Hashable {
    /// The `.sqlite` file's path.
    public var path: String
    /// The files of the store set (`.sqlite`, `-wal`, `-shm`, external data) with their sizes.
    public var files: [FileEntry]
    /// SQLite's journal mode (`wal`, `delete`, …).
    public var journalMode: String
    /// The `-wal` file's size in bytes, `nil` when there is none.
    public var walSize: Int64?
    /// `NSStoreUUID`.
    public var uuid: String?
    /// The Core Data framework version that last wrote the metadata.
    public var frameworkVersion: String?
    /// Every metadata key with its value rendered as one line, in key order.
    public var metadata: [MetadataEntry]
    /// Entities with their row counts, in name order.
    public var entities: [EntityRowCount]

    /// Creates an overview.
    public init(
        path: String, files: [FileEntry], journalMode: String, walSize: Int64?, uuid: String?,
        frameworkVersion: String?, metadata: [MetadataEntry], entities: [EntityRowCount]
    ) {
        self.path = path
        self.files = files
        self.journalMode = journalMode
        self.walSize = walSize
        self.uuid = uuid
        self.frameworkVersion = frameworkVersion
        self.metadata = metadata
        self.entities = entities
    }

    /// The store's file name.
    public var name: String { (path as NSString).lastPathComponent }

    /// Total rows over all entities.
    public var totalRows: Int { entities.reduce(0) { $0 + $1.rows } }

    /// One file of the store set.
    public struct FileEntry: Sendable, Hashable {
        /// The file name.
        public var name: String
        /// Size in bytes.
        public var size: Int64
        /// Creates an entry.
        public init(name: String, size: Int64) {
            self.name = name
            self.size = size
        }
    }

    /// One metadata key and its value, rendered for display.
    public struct MetadataEntry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value as one line.
        public var value: String
        /// Creates an entry.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// An entity and how many rows the store holds for it.
    public struct EntityRowCount: Sendable, Hashable {
        /// The entity's name.
        public var name: String
        /// Its row count.
        public var rows: Int
        /// Creates a count.
        public init(name: String, rows: Int) {
            self.name = name
            self.rows = rows
        }
    }
}
