import ConsoleUI
import Foundation

/// What cdmigrate writes to a terminal. Store text is hostile: a title or a name holding an escape sequence
/// could move the cursor, rewrite earlier lines or retitle the window. When the stream is a terminal, every
/// control character but line feed and tab is written as its Control Picture (`␛`, `␀`, `␍`), as the console
/// draws it; a pipe or a file gets the text as it is, byte for byte.
enum TerminalOutput {
    /// Whether standard output is a terminal.
    static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether standard error is a terminal.
    static let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1

    /// `text` with each control character (line feed and tab aside) replaced by its picture.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isReplaced) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != "\n", scalar != "\t", let picture = TerminalWidth.picture(of: Character(scalar)) {
                result.append(contentsOf: picture.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Writes `text` to standard output, made printable when it is a terminal, after `control`: a sequence
    /// of cdmigrate's own (the progress bar's carriage return and line erase), written as it is.
    static func writeStandardOutput(_ text: String, after control: String = "") {
        FileHandle.standardOutput.write(Data((control + (standardOutputIsTerminal ? printable(text) : text)).utf8))
    }

    private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && TerminalWidth.picture(of: Character(scalar)) != nil
    }
}

/// Every line the commands print goes through here rather than through `Swift.print`, so that no store text
/// reaches a terminal with its control characters (see ``TerminalOutput``).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    Swift.print(TerminalOutput.standardOutputIsTerminal ? TerminalOutput.printable(text) : text, terminator: "")
}
