/// An expression that cannot be parsed or refers to something unknown, with the position of the problem.
///
/// `position` is relative to the expression text; a mapping file reader shifts it to the file with
/// ``SourcePosition/offset(by:)`` before reporting it.
package struct ExpressionSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, relative to the start of the expression.
    public var position: SourcePosition
    /// What is wrong.
    public var message: String

    /// Creates an error.
    package init(at position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
