import GRDB

/// A failure the engine words itself: its category (and so the exit code), the file it is about when there is
/// one, and the one-line message. It is the error a run throws for a failure that carried no category of its
/// own (and one renamed to the user's words); front ends and events meet it as a ``MigrationError``.
package struct MigrationFailure: CategorizedError, Sendable, Hashable {
    /// The broad kind of the failure.
    package var category: FailureCategory
    /// The file the failure is about, when it names one.
    package var path: String?
    /// One line saying what went wrong.
    package var message: String
    /// What the user can do about it, when there is one thing to do; each front end words it.
    package var remedy: Remedy?
    /// The specific failure: the code of the error it stands for, or `engine.` and the category for one the
    /// engine words itself.
    package var failureCode: String

    /// Creates a failure.
    package init(category: FailureCategory, path: String? = nil, message: String, remedy: Remedy? = nil) {
        self.category = category
        self.path = path
        self.message = message
        self.remedy = remedy
        failureCode = "engine.\(category.rawValue)"
    }

    /// The failure an error stands for, categorised (see ``FailureCategory/of(_:)``).
    package init(_ error: any Error) {
        self.init(
            category: FailureCategory.of(error), path: (error as? any FileFailure)?.path, message: "\(error)",
            remedy: (error as? any CategorizedError)?.remedy)
        failureCode = Self.code(of: error)
    }

    /// The code of any error: a ``CategorizedError``'s own; an SQLite error's `sqlite.` and its primary result
    /// code; `engine.unknown` for anything else (an error from a library the engine did not wrap).
    package static func code(of error: any Error) -> String {
        if let error = error as? any CategorizedError { return error.failureCode }
        if let error = error as? DatabaseError { return "sqlite.\(error.resultCode.primaryResultCode.rawValue)" }
        return "engine.unknown"
    }

    /// The message (naming the file when the failure is about one).
    package var description: String { message }
}

/// An error about one file, whose path a ``MigrationFailure`` (and a front end's report) carries.
package protocol FileFailure {
    /// The file involved.
    var path: String { get }
}

extension FileError: FileFailure {}
extension MappingFileError: FileFailure {}
extension OperationError: FileFailure {}

extension FailureCategory {
    /// The category of any error: a ``CategorizedError``'s own; an SQLite error's by its result code (a full
    /// disk is I/O, a corrupt page damage, a busy database a lock); anything else a failed migration, never
    /// an I/O failure it may not be.
    package static func of(_ error: any Error) -> FailureCategory {
        if let error = error as? any CategorizedError { return error.category }
        guard let error = error as? DatabaseError else { return .migrationFailed }
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM: return .io
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT: return .damaged
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked
        default: return .migrationFailed
        }
    }
}
