import Foundation

/// Writes diagnostics to standard error, keeping standard output clean for `--json` readers.
enum StandardError {
    /// Writes text to standard error; on a terminal, control characters from a store are written as their
    /// pictures (see ``TerminalOutput``).
    static func write(_ text: String) {
        let shown = TerminalOutput.standardErrorIsTerminal ? TerminalOutput.printable(text) : text
        FileHandle.standardError.write(Data(shown.utf8))
    }
}
