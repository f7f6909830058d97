/// The bottom row: the keys that work here, generated from the ``KeyTable``.
package enum HintBar {
    /// The hints for a context as styled text (`key` reversed, then the hint).
    package static func text(for context: KeyContext, keys: KeyTable) -> StyledText {
        var line = StyledText()
        for binding in keys.bindings(in: context) where binding.inHintBar {
            if !line.plainText.isEmpty { line.append("  ") }
            line.append(binding.label, CellStyle(.accent, bold: true))
            line.append(" " + binding.hint, .plain)
        }
        return line
    }

    /// Draws the hint bar.
    package static func draw(for context: KeyContext, keys: KeyTable, into buffer: inout ScreenBuffer, in rect: Rect) {
        buffer.fill(rect)
        buffer.put(text(for: context, keys: keys), x: rect.x + 1, y: rect.y, limit: rect.maxX)
    }
}
