/// Why `export` or `rows` could not read a store or write its output: one line naming the store (or the
/// output file) and the problem.
package struct ExportError: CategorizedError, Equatable {
    /// The store read, or the output file that could not be written.
    public var path: String
    /// What went wrong.
    public var message: String
    /// The broad kind of the failure.
    public var category: FailureCategory
    /// What the user can do about it, when there is one thing to do.
    public var remedy: Remedy?

    /// Creates an error about `store`.
    package init(store: String, message: String, category: FailureCategory, remedy: Remedy? = nil) {
        path = store
        self.message = message
        self.category = category
        self.remedy = remedy
    }

    /// The entity named is not in the store's model.
    static func unknownEntity(_ name: String, store: String, known: [String]) -> ExportError {
        ExportError(
            store: store, message: "no entity \"\(name)\" in the store's model (entities: \(known.joined(separator: ", ")))",
            category: .invalidInput)
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
