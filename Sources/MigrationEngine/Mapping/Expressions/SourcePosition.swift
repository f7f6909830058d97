/// A place in a text: 1-based line and column (columns count Unicode scalars, as YAML parsers do).
public struct SourcePosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a text.
    public static let start = SourcePosition(line: 1, column: 1)

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// This position, read as relative to an expression that itself starts at `origin` in a larger file.
    ///
    /// - Parameter origin: Where the expression starts in the file.
    /// - Returns: The position in the file: on the expression's first line, columns count from `origin`'s.
    public func offset(by origin: SourcePosition) -> SourcePosition {
        line == 1
            ? SourcePosition(line: origin.line, column: origin.column + column - 1)
            : SourcePosition(line: origin.line + line - 1, column: column)
    }
}
