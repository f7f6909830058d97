/// A line of text made of differently styled spans.
package struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The spans in order.
    package var spans: [(text: String, style: CellStyle)] { storage.map { ($0.text, $0.style) } }
    private var storage: [Span]

    private struct Span: Sendable, Hashable {
        var text: String
        var style: CellStyle
    }

    /// A line in one style.
    package init(_ text: String = "", style: CellStyle = .plain) {
        storage = text.isEmpty ? [] : [Span(text: text, style: style)]
    }

    /// A plain line from a literal.
    package init(stringLiteral value: String) {
        self.init(value)
    }

    /// Appends a span.
    package mutating func append(_ text: String, _ style: CellStyle = .plain) {
        storage.append(Span(text: text, style: style))
    }

    /// This line with a span appended.
    package func appending(_ text: String, _ style: CellStyle = .plain) -> StyledText {
        var copy = self
        copy.append(text, style)
        return copy
    }

    /// The text without styles.
    package var plainText: String { storage.map(\.text).joined() }

    /// Columns the line occupies.
    package var width: Int { TerminalWidth.of(plainText) }
}

extension ScreenBuffer {
    /// Draws a styled line at (x, y), clipped at `limit`; returns the column after the last one written.
    @discardableResult
    package mutating func put(_ line: StyledText, x: Int, y: Int, limit: Int? = nil) -> Int {
        var column = x
        let end = limit ?? width
        for span in line.spans where column < end {
            let room = end - column
            let text = TerminalWidth.of(span.text) > room ? TerminalWidth.truncate(span.text, to: room) : span.text
            column = put(text, x: column, y: y, style: span.style, limit: end)
        }
        return column
    }
}
