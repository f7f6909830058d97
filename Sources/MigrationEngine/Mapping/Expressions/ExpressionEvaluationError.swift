/// Why evaluating an expression failed for one object (a type mismatch, a division by zero, …).
///
/// A migration step wraps it into a ``MappingRuntimeError`` that names the entity, the object's `Z_PK`
/// and the expression.
package struct ExpressionEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameter message: What went wrong, for people (`division by zero: 3 / 0`).
    public init(_ message: String) {
        self.message = message
    }

    /// A type mismatch for an operator or function.
    static func typeMismatch(_ operation: String, _ values: ExpressionValue...) -> ExpressionEvaluationError {
        ExpressionEvaluationError(
            "type mismatch: \(operation) cannot take " + values.map { "\($0.typeName) \($0)" }.joined(separator: " and "))
    }

    /// The message.
    public var description: String { message }
}
