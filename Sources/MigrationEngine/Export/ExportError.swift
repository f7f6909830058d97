/// Tags the errors of `export` and `rows`.
package enum Exporting: FailingOperation {
    /// Export's errors' codes start `export.`.
    package static let name = "export"
}

/// Why `export` or `rows` could not read a store or write its output: one line naming the store (or the
/// output file) and the problem.
package typealias ExportError = OperationError<Exporting>

extension ExportError {
    /// The entity named is not in the store's model.
    static func unknownEntity(_ name: String, store: String, known: [String]) -> ExportError {
        ExportError(
            store: store, message: "no entity \"\(name)\" in the store's model (entities: \(known.joined(separator: ", ")))",
            category: .invalidInput)
    }
}
