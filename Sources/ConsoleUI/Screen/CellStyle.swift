/// How one cell is drawn: a colour role plus bold and reverse video.
package struct CellStyle: Sendable, Hashable {
    /// The colour role.
    package var color: ColorRole
    /// Bold (or bright) text.
    package var bold: Bool
    /// Reverse video, used for selections and bars.
    package var reverse: Bool

    /// Creates a style.
    package init(_ color: ColorRole = .normal, bold: Bool = false, reverse: Bool = false) {
        self.color = color
        self.bold = bold
        self.reverse = reverse
    }

    /// Default text.
    package static let plain = CellStyle()
    /// The highlighted row of a list.
    package static let selected = CellStyle(.accent, reverse: true)
    /// A title.
    package static let title = CellStyle(.accent, bold: true)
    /// Secondary text.
    package static let dim = CellStyle(.dim)
    /// A warning.
    package static let warning = CellStyle(.warning, bold: true)
    /// Data loss or failure.
    package static let danger = CellStyle(.danger, bold: true)
    /// Success.
    package static let ok = CellStyle(.ok, bold: true)
    /// Text a filter matched, in a value shown.
    package static let match = CellStyle(.warning, bold: true, reverse: true)

    /// This style with reverse video switched on.
    package var reversed: CellStyle {
        var copy = self
        copy.reverse = true
        return copy
    }
}
