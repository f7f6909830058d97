/// A migration run that could not go ahead or failed; names the store or file involved.
package typealias ExecutionError = FileError<ExecutionErrorCode>

/// The kind of an ``ExecutionError``.
package enum ExecutionErrorCode: String, FileErrorCode {
    /// Codes of errors running a migration.
    package static let domain = "execution"
    /// Another migration, or an SQLite connection, holds the store.
    case locked
    /// A file could not be created, copied, renamed or removed.
    case io
    /// A step failed.
    case stepFailed
    /// A step's result did not pass validation.
    case validationFailed
    /// An object of the store breaks a rule of its model version (the message names the object and the rule);
    /// ``BrokenObjectPolicy/repair`` would repair it.
    case brokenObject
    /// The store checked is damaged: SQLite's integrity check finds damaged pages in it (not in a step's result,
    /// which is ``validationFailed``).
    case damaged
    /// A backup is missing, incomplete or does not match its manifest.
    case backupDamaged
    /// The named backup does not exist.
    case backupNotFound
    /// The run was cancelled.
    case cancelled

    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch self {
        case .locked: .locked
        case .io: .io
        case .stepFailed, .validationFailed, .brokenObject: .migrationFailed
        case .damaged, .backupDamaged: .damaged
        case .backupNotFound: .notFound
        case .cancelled: .cancelled
        }
    }
}
