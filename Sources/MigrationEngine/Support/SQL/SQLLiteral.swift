/// SQL string literals for DDL, the one place a value cannot be bound: trigger bodies and virtual-table
/// options hold names as text (`'ZBOOK'`, `tokenize = 'porter'`), quoted here with inner `'` doubled so that a
/// name from a model or store ends the literal nowhere but at its end.
enum SQLLiteral {
    /// `text` in single quotes, inner single quotes doubled.
    static func text(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
