/// A table outside the model that cdmigrate refuses to carry, because carrying it would mean running SQL text
/// taken from the store or dropping something silently. Names the store and the schema object.
package struct ForeignTableError: CategorizedError, Sendable, Hashable {
    /// The source store (or the step's copy of it).
    public var path: String
    /// The table, index, trigger or view involved.
    public var object: String
    /// What cannot be carried and why.
    public var message: String

    /// Creates an error.
    package init(path: String, object: String, _ message: String) {
        self.path = path
        self.object = object
        self.message = message
    }

    /// Refusals are about what the store holds, not a failure of the run.
    public var category: FailureCategory { .unsupported }
    /// The specific failure.
    public var failureCode: String { "store.foreignTable" }

    /// One line: `path: object: message`.
    public var description: String {
        "\(path): \(object): \(message)".split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }
}
