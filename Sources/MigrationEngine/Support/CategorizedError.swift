/// The broad kind of a failure, so every front end can map it to a stable exit code.
public enum FailureCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// A named file or directory does not exist.
    case notFound
    /// The file exists but is not what was expected (not SQLite, not a Core Data store, not a model).
    case unsupported
    /// The file is a valid SQLite database but not a Core Data store.
    case notCoreDataStore
    /// The file is of the right kind but damaged or inconsistent.
    case damaged
    /// Another process holds the store.
    case locked
    /// A permission or I/O failure.
    case io
    /// A model or mapping file is invalid.
    case invalidInput
    /// No route or plan exists for what was asked.
    case noRoute
    /// The store's version hashes match no version of the model (and nothing else can stand in for one).
    case unknownStoreVersion
    /// A migration step or validation failed.
    case migrationFailed
    /// The user cancelled.
    case cancelled
}

/// An error that knows its ``FailureCategory`` and its code, and reads as one line naming the file involved.
public protocol CategorizedError: Error, CustomStringConvertible {
    /// The broad kind of the failure.
    var category: FailureCategory { get }
    /// The specific failure, as a stable name a script can match on: the kind of error, a dot and its own
    /// code (`planning.noRoute`, `store.damaged`). Required, so that no kind of error goes without one.
    var failureCode: String { get }
    /// What the user can do about it, when there is one thing to do; each front end words it.
    var remedy: Remedy? { get }
}

extension CategorizedError {
    /// Most failures have no one thing to do about them beyond what the message says.
    public var remedy: Remedy? { nil }
}

extension ModelError: CategorizedError {
    /// The broad kind of the failure.
    public var failureCode: String { "model.\(code.rawValue)" }

    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch code {
        case .notFound: .notFound
        case .unsupportedFormat: .unsupported
        case .unreadable: .io
        case .malformedXML, .invalidModel, .undecodableArchive: .invalidInput
        }
    }
}

extension MigrationCancelled: CategorizedError {
    /// The broad kind of the failure.
    package var category: FailureCategory { .cancelled }
    /// The specific failure.
    package var failureCode: String { "execution.cancelled" }
}
