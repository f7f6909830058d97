import Foundation

/// How a store journals writes, read from bytes 18–19 of its database header (no connection needed).
public enum JournalMode: String, Sendable, Hashable, Codable {
    /// Write-ahead logging: committed data may live only in the `-wal` file.
    case wal
    /// A rollback journal (`delete`, `truncate` or `persist`; the header does not say which).
    case rollback
    /// A header value this tool does not know.
    case unknown

    /// The mode for a database header's file-format write version (byte 18).
    package init(headerWriteVersion: UInt8) {
        switch headerWriteVersion {
        case 1: self = .rollback
        case 2: self = .wal
        default: self = .unknown
        }
    }

    /// The mode of the database file at `path`, from its header (read by the same probe every store
    /// opening goes through).
    ///
    /// - Throws: ``StoreError`` when the file is missing, unreadable or not an SQLite database.
    package init(path: String) throws(StoreError) {
        self.init(headerWriteVersion: try StoreFileProbe.checkDatabaseFile(path)[18])
    }
}
