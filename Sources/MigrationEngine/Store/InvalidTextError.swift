import Foundation

/// A column holds TEXT that is not valid UTF-8, read where the value would have to pass through a Swift
/// `String` to be written again: no `String` holds those bytes, and repairing them would change the value
/// (see ``SQLiteValueReader``).
package struct InvalidTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The column, as the statement names it.
    package var column: String
    /// The value's bytes.
    package var bytes: [UInt8]
    /// The row's `Z_PK`, when the statement reads one.
    package var primaryKey: Int64?

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - column: The column, as the statement names it.
    ///   - bytes: The value's bytes.
    package init(column: String, bytes: [UInt8]) {
        self.column = column
        self.bytes = bytes
    }

    /// `column ZTEXT holds TEXT that is not valid UTF-8 (x'61FF62'), which only a set-based or inferred step
    /// copies unchanged`, with at most 32 bytes shown.
    package var description: String {
        let hex = bytes.prefix(32).map { String(format: "%02X", $0) }.joined()
        return "column \(column) holds TEXT that is not valid UTF-8 (x'\(hex)'\(bytes.count > 32 ? "…" : "")); "
            + "the row-by-row path would have to rewrite it, so it stops with the store untouched"
    }
}
