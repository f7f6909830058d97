/// One file of a store's file set, as found on disk.
public struct StoreFile: Sendable, Hashable, Codable {
    /// What the file is to the store.
    public enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        /// The SQLite database itself (`Name.sqlite`).
        case database
        /// The write-ahead log (`-wal`), which may hold committed data not yet in the database file.
        case wal
        /// The WAL index (`-shm`), rebuilt from the `-wal` by SQLite when missing.
        case shm
        /// A rollback journal (`-journal`); a leftover one means an interrupted transaction.
        case journal
        /// The folder of values stored outside the database (`.Name_SUPPORT/_EXTERNAL_DATA`).
        case externalData

        /// The suffix added to the database path, or `nil` for the external data folder.
        public var suffix: String? {
            switch self {
            case .database: ""
            case .wal: "-wal"
            case .shm: "-shm"
            case .journal: "-journal"
            case .externalData: nil
            }
        }
    }

    /// What the file is.
    public var role: Role
    /// Its path.
    public var path: String
    /// Its size in bytes (for the external data folder, the total of its files).
    public var size: Int64

    /// Creates a file record.
    package init(role: Role, path: String, size: Int64) {
        self.role = role
        self.path = path
        self.size = size
    }
}
