/// A failure while creating or filling a store; names the file and, when SQL failed, the statement.
package struct StoreWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store being written.
    public var path: String
    /// What went wrong.
    public var message: String
    /// The SQL statement that failed, if any.
    public var sql: String?
    /// The broad kind of failure.
    public var category: FailureCategory

    /// Creates an error.
    package init(path: String, message: String, sql: String? = nil, category: FailureCategory = .migrationFailed) {
        self.path = path
        self.message = message
        self.sql = sql
        self.category = category
    }

    /// One line: `path: message (SQL: …)`.
    public var description: String {
        if let sql { return "\(path): \(message) (SQL: \(sql.prefix(200)))" }
        return "\(path): \(message)"
    }
}

extension StoreWriteError: CategorizedError {
    /// The specific failure.
    public var failureCode: String { "store.writeFailed" }
}
