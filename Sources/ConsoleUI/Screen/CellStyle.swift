/// How one cell is drawn: a colour role plus bold and reverse video.
public struct CellStyle: Sendable, Hashable {
    /// The colour role.
    public var color: ColorRole
    /// Bold (or bright) text.
    public var bold: Bool
    /// Reverse video, used for selections and bars.
    public var reverse: Bool

    /// Creates a style.
    public init(_ color: ColorRole = .normal, bold: Bool = false, reverse: Bool = false) {
        self.color = color
        self.bold = bold
        self.reverse = reverse
    }

    /// Default text.
    public static let plain = CellStyle()
    /// The highlighted row of a list.
    public static let selected = CellStyle(.accent, reverse: true)
    /// A title.
    public static let title = CellStyle(.accent, bold: true)
    /// Secondary text.
    public static let dim = CellStyle(.dim)
    /// A warning.
    public static let warning = CellStyle(.warning, bold: true)
    /// Data loss or failure.
    public static let danger = CellStyle(.danger, bold: true)
    /// Success.
    public static let ok = CellStyle(.ok, bold: true)

    /// This style with reverse video switched on.
    public var reversed: CellStyle {
        var copy = self
        copy.reverse = true
        return copy
    }
}
