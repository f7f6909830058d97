/// What an ``OperationError`` is about: a tag that keeps each operation's errors a type of their own (so
/// callers and tests can tell an export failure from a salvage failure) while they share one shape.
package protocol FailingOperation: Sendable {
    /// The operation's name, the first part of its errors' ``CategorizedError/failureCode`` (`export`).
    static var name: String { get }
}

/// Why `export`, `rows` or `salvage` could not read a store or write its output: one line naming the store
/// (or the output file) and the problem, with a category chosen where it is raised. ``ExportError`` and
/// ``SalvageError`` are this for their operations; unlike ``FileError`` the category is not fixed by a
/// code, since the same operation fails for input, damage and file-system reasons alike.
package struct OperationError<Operation: FailingOperation>: CategorizedError, Equatable {
    /// The store read, or the output file that could not be written.
    public var path: String
    /// What went wrong.
    public var message: String
    /// The broad kind of the failure.
    public var category: FailureCategory
    /// What the user can do about it, when there is one thing to do.
    public var remedy: Remedy?

    /// Creates an error about `store` (or the output file).
    package init(store: String, message: String, category: FailureCategory, remedy: Remedy? = nil) {
        path = store
        self.message = message
        self.category = category
        self.remedy = remedy
    }

    /// The operation and the category: `export.io`, `salvage.damaged`.
    public var failureCode: String { "\(Operation.name).\(category.rawValue)" }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
