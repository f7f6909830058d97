/// The kind of a ``FileError``: a string-coded case that knows its broad ``FailureCategory``.
package protocol FileErrorCode: RawRepresentable, Sendable, Hashable, Codable where RawValue == String {
    /// The broad kind of the failure, and so the exit code.
    var category: FailureCategory { get }
    /// The kind of error these codes belong to, the first part of a ``CategorizedError/failureCode``.
    static var domain: String { get }
}

/// A failure about one file: its kind, the file and what is wrong. ``StoreError`` and ``ExecutionError``
/// are this with their own codes, so both read and categorise the same way.
package struct FileError<Kind: FileErrorCode>: CategorizedError, Sendable, Hashable {
    /// The kinds of this error (`StoreError.Code`, `ExecutionError.Code`).
    public typealias Code = Kind

    /// What went wrong.
    public var code: Code
    /// The file involved.
    public var path: String
    /// What is wrong.
    public var message: String
    /// What the user can do about it, when there is one thing to do.
    public var remedy: Remedy?

    /// Creates an error.
    package init(_ code: Code, path: String, message: String, remedy: Remedy? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.remedy = remedy
    }

    /// The broad kind of the failure.
    public var category: FailureCategory { code.category }

    /// The specific failure: `store.damaged`, `execution.backupDamaged`.
    public var failureCode: String { "\(Kind.domain).\(code.rawValue)" }

    /// One line: `path: message` (line breaks in SQLite's messages become spaces).
    public var description: String {
        "\(path): \(message)".split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }
}
