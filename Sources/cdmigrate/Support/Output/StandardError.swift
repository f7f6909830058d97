import Foundation

/// Writes diagnostics to standard error, keeping standard output clean for `--json` readers.
enum StandardError {
    /// Writes text to standard error as is.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
