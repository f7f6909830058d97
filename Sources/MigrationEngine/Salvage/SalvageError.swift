/// Why `salvage` could not write its new store: one line naming the store (or the output) and the problem.
package struct SalvageError: CategorizedError, Equatable {
    /// The damaged store, or the output that could not be written.
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

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
