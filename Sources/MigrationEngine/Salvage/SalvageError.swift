/// Tags the errors of `salvage`.
package enum Salvaging: FailingOperation {
    /// Salvage's errors' codes start `salvage.`.
    package static let name = "salvage"
}

/// Why `salvage` could not write its new store: one line naming the store (or the output) and the problem.
package typealias SalvageError = OperationError<Salvaging>
