import Foundation
import MigrationEngine

/// The yes-or-no question a command asks before it replaces a store (`migrate`, `restore`): asked only on a
/// terminal, answered by `y` or `yes`; anything else, end of input included, changes nothing.
enum Confirmation {
    /// Prints `question` with `[y/N]` and reads the answer.
    ///
    /// - Parameters:
    ///   - question: What is asked, with any lines to read before it.
    ///   - path: The store or stores named when the answer is no.
    ///   - notOnTerminal: The error when standard input is not a terminal (each command says what to pass).
    /// - Throws: `notOnTerminal` without a terminal; ``ExecutionError`` `.cancelled` unless the answer is yes.
    static func ask(_ question: String, path: String, notOnTerminal: @autoclosure () -> ExecutionError) throws {
        guard isatty(STDIN_FILENO) == 1 else { throw notOnTerminal() }
        print("\(question) [y/N] ", terminator: "")
        guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
            throw ExecutionError(.cancelled, path: path, message: "not confirmed; nothing was changed")
        }
    }
}
