/// An expression as written in a mapping: its text, its parsed form, and where the text is in its file.
public struct MappingExpression: Sendable, Hashable, CustomStringConvertible {
    /// The text as written (for Xcode imports, the decoded expression written in this language).
    public var text: String
    /// The parsed expression.
    public var expression: Expression
    /// Where the text starts in its file, when it came from one.
    public var position: SourcePosition?

    /// Creates a mapping expression from an already parsed tree.
    package init(text: String, expression: Expression, position: SourcePosition? = nil) {
        self.text = text
        self.expression = expression
        self.position = position
    }

    /// Parses `text`; syntax error positions are shifted to `position` in the file.
    ///
    /// - Parameters:
    ///   - text: The expression as written.
    ///   - position: Where `text` starts in its file; nil for positions relative to `text` itself.
    /// - Throws: ``ExpressionSyntaxError`` at the first syntax error, positioned in the file.
    package init(parsing text: String, at position: SourcePosition? = nil) throws(ExpressionSyntaxError) {
        do {
            self.init(text: text, expression: try ExpressionParser.parse(text), position: position)
        } catch {
            throw ExpressionSyntaxError(at: error.position.offset(by: position ?? .start), error.message)
        }
    }

    /// An expression made in code, written back as text.
    package init(_ expression: Expression) {
        self.init(text: expression.description, expression: expression)
    }

    /// The text.
    public var description: String { text }
}
