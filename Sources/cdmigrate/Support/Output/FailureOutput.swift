import ArgumentParser
import Foundation
import MigrationEngine

/// The one place a failure becomes output. Every command throws; `main` hands whatever it threw here, and
/// this writes it to standard error as one line `cdmigrate: error: …` (or, under `--json`, one JSON object)
/// and picks the exit code: the failure category's for an engine error, 64 for wrong usage. Help and
/// version requests pass through to ArgumentParser, which prints them.
enum FailureOutput {
    /// A failure as the user sees it: the one line, or the JSON object's fields.
    struct Report: Encodable, Equatable {
        /// `usage` for wrong usage, else the engine's ``FailureCategory`` name.
        var category: String
        /// The process's exit status.
        var exitCode: Int32
        /// The specific failure, a stable name to match on (`planning.noRoute`); none for wrong usage.
        var code: String?
        /// The file the failure is about, when it names one.
        var file: String?
        /// The line and column in ``file``, when known (a mapping or project file).
        var line: Int?
        var column: Int?
        /// What went wrong, naming the file when there is one (without the remedy).
        var message: String
        /// What to do about it, in the command line's terms, when there is one thing to do.
        var remedy: String?

        /// The one line: the message, then the remedy.
        var text: String { remedy.map { "\(message); \($0)" } ?? message }
    }

    /// Writes the failure and exits with its code; a help request or an exit already reported (a console
    /// stopped by a signal) is left to ArgumentParser.
    static func exit(for error: any Error, arguments: [String]) -> Never {
        guard let report = report(for: error, arguments: arguments) else { CDMigrate.exit(withError: error) }
        if wantsJSON(arguments), let line = try? JSONOutput.line(report) {
            StandardError.write(line + "\n")
        } else {
            StandardError.write("cdmigrate: error: \(report.text)\n")
        }
        Foundation.exit(report.exitCode)
    }

    /// What `error` reports, or nil when ArgumentParser prints it itself (help, `ExitCode`).
    static func report(for error: any Error, arguments: [String]) -> Report? {
        if let error = error as? UsageError {
            return error.pointsToHelp
                ? usage(error.message, arguments: arguments)
                : Report(category: "usage", exitCode: ExitStatus.usage, message: error.message)
        }
        if error is ExitCode || CDMigrate.exitCode(for: error) == .success { return nil }
        // ArgumentParser's own errors (and `ValidationError`s) are wrong usage; its code for them is 64.
        if !(error is any CategorizedError), CDMigrate.exitCode(for: error) == .validationFailure {
            return usage(CDMigrate.message(for: error), arguments: arguments)
        }
        // Everything else, an error from a library the engine did not wrap included, is the engine's one
        // error, so it exits with a documented code rather than ArgumentParser's 1.
        let failure = MigrationError(error)
        return Report(
            category: failure.category.rawValue, exitCode: ExitStatus.code(for: failure.category), code: failure.code,
            file: failure.file,
            line: failure.position?.line, column: failure.position?.column,
            message: failure.message,
            remedy: failure.remedy.map(RemedyText.text))
    }

    /// Whether the command line asks for JSON (before a `--` that ends the options).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// Wrong usage: the message, and where the help for the command given is.
    private static func usage(_ message: String, arguments: [String]) -> Report {
        let names = CDMigrate.configuration.subcommands.map { $0._commandName }
        let command = arguments.first.flatMap { names.contains($0) ? "cdmigrate \($0)" : nil } ?? "cdmigrate"
        return Report(
            category: "usage", exitCode: ExitStatus.usage, file: nil, message: "\(message) (see \(command) --help)")
    }
}

/// Wrong usage found by cdmigrate itself rather than by ArgumentParser (an unknown command, a console started
/// without a terminal): exit 64, and the message names no file.
struct UsageError: Error {
    /// What is wrong.
    var message: String
    /// Whether the command's help would fix it (a wrong command line), rather than a change of where it runs.
    var pointsToHelp = true
}

/// The command line's first word when it is neither a command, an option nor a store: `cdmigrate frobnicate`
/// would otherwise open the console on a store called `frobnicate`. A word that names a file, or looks like
/// a path (a `/` or a `.`), is still a store for the console, the default command.
enum UnknownCommand {
    /// Throws ``UsageError`` when `arguments` start with an unknown command.
    static func check(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
            !FileManager.default.fileExists(atPath: first)
        else { return }
        let names = CDMigrate.configuration.subcommands.map { $0._commandName }
        guard !names.contains(first), first != "help" else { return }
        throw UsageError(message: "unknown command \"\(first)\" (commands: \(names.joined(separator: ", ")))")
    }
}
