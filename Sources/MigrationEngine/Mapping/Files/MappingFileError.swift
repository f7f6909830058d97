/// A mapping file that cannot be read or does not fit its models, pointing at the place in the file.
package struct MappingFileError: Error, Sendable, Hashable, CategorizedError {
    /// The mapping file.
    public var path: String
    /// Where the problem is, when known.
    public var position: SourcePosition?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    package init(path: String, at position: SourcePosition?, _ message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    /// A mapping file is invalid input.
    public var category: FailureCategory { .invalidInput }
    /// The specific failure.
    public var failureCode: String { "mapping.invalidFile" }

    /// `path:line:column: message`.
    public var description: String {
        guard let position else { return "\(path): \(message)" }
        return "\(path):\(position.line):\(position.column): \(message)"
    }
}
