/// Why `salvage` could not write its new store: one line naming the store (or the output) and the problem.
public struct SalvageError: CategorizedError, Equatable {
    /// The damaged store, or the output that could not be written.
    public var path: String
    /// What went wrong.
    public var message: String
    /// The broad kind of the failure.
    public var category: FailureCategory

    /// Creates an error about `store` (or the output file).
    package init(store: String, message: String, category: FailureCategory) {
        path = store
        self.message = message
        self.category = category
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
