/// Why a store could not be read. Every case names the file; ``FileError/description`` is one line.
package typealias StoreError = FileError<StoreErrorCode>

/// The kind of a ``StoreError``; each maps to its own ``FailureCategory`` and so to its own exit code.
package enum StoreErrorCode: String, FileErrorCode {
    /// Codes of errors reading a store.
    package static let domain = "store"
    /// The store file does not exist.
    case notFound
    /// The file is not an SQLite database.
    case notSQLite
    /// The file is an SQLite database but not a Core Data store (no `Z_METADATA` / `Z_PRIMARYKEY`).
    case notCoreData
    /// The file is a Core Data store but damaged (corrupt pages, unreadable metadata).
    case damaged
    /// Another process is writing the store, so no consistent snapshot can be taken.
    case locked
    /// The file exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable
    /// The read was stopped on purpose before the end (its cancellation flag set): nothing is wrong with the
    /// store, and a caller that stopped it has no error to show.
    case stopped

    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch self {
        case .notFound: .notFound
        case .notSQLite: .unsupported
        case .notCoreData: .notCoreDataStore
        case .damaged: .damaged
        case .locked: .locked
        case .unreadable: .io
        case .stopped: .cancelled
        }
    }
}
