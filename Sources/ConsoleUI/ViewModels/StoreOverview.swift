import Foundation

/// What the Store and Entities panes show about the open store, gathered from the engine's store reader.
package struct StoreOverview: Sendable, Hashable {
    /// The `.sqlite` file's path.
    package var path: String
    /// The files of the store set (`.sqlite`, `-wal`, `-shm`, external data) with their sizes.
    package var files: [FileEntry]
    /// SQLite's journal mode (`wal`, `delete`, …).
    package var journalMode: String
    /// The `-wal` file's size in bytes, `nil` when there is none.
    package var walSize: Int64?
    /// `NSStoreUUID`.
    package var uuid: String?
    /// The Core Data framework version that last wrote the metadata.
    package var frameworkVersion: String?
    /// Every metadata key with its value rendered as one line, in key order.
    package var metadata: [MetadataEntry]
    /// Entities with their row counts, in name order.
    package var entities: [EntityRowCount]

    /// Creates an overview.
    package init(
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
    package var name: String { (path as NSString).lastPathComponent }

    /// Total rows over all entities (each row once, under its own entity).
    package var totalRows: Int { entities.reduce(0) { $0 + $1.ownRows } }

    /// One file of the store set.
    package struct FileEntry: Sendable, Hashable {
        /// The file name.
        package var name: String
        /// Size in bytes.
        package var size: Int64
        /// Creates an entry.
        package init(name: String, size: Int64) {
            self.name = name
            self.size = size
        }
    }

    /// One metadata key and its value, rendered for display.
    package struct MetadataEntry: Sendable, Hashable {
        /// The key.
        package var key: String
        /// The value as one line.
        package var value: String
        /// Creates an entry.
        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// An entity and how many rows the store holds for it.
    package struct EntityRowCount: Sendable, Hashable {
        /// The entity's name.
        package var name: String
        /// Its rows as the browser pages them: its own and its sub-entities' (an abstract parent has only those).
        package var rows: Int
        /// Its own rows, sub-entities' left out, so a total counts each row once.
        package var ownRows: Int
        /// Creates a count; `ownRows` defaults to `rows` (an entity without sub-entities).
        package init(name: String, rows: Int, ownRows: Int? = nil) {
            self.name = name
            self.rows = rows
            self.ownRows = ownRows ?? rows
        }
    }
}
