/// A migration run that could not go ahead or failed; names the store or file involved.
public struct ExecutionError: CategorizedError, Sendable, Hashable {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, Codable {
        /// Another migration, or an SQLite connection, holds the store.
        case locked
        /// A file could not be created, copied, renamed or removed.
        case io
        /// A step failed.
        case stepFailed
        /// A step's result did not pass validation.
        case validationFailed
        /// A backup is missing, incomplete or does not match its manifest.
        case backupDamaged
        /// The named backup does not exist.
        case backupNotFound
        /// The run was cancelled.
        case cancelled
    }

    /// What went wrong.
    public var code: Code
    /// The store or file involved.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch code {
        case .locked: .locked
        case .io: .io
        case .stepFailed, .validationFailed: .migrationFailed
        case .backupDamaged: .damaged
        case .backupNotFound: .notFound
        case .cancelled: .cancelled
        }
    }

    /// One line: `path: message`.
    public var description: String { "\(path): \(message)" }
}
