/// A terminal's size in columns and rows.
package struct TerminalSize: Sendable, Hashable {
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    /// Creates a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
