import ArgumentParser
import MigrationEngine

/// Exit codes: one per failure category, stable so scripts can branch on them (documented in the README).
enum ExitStatus {
    /// The exit code for a failure category.
    static func code(for category: FailureCategory) -> Int32 {
        switch category {
        case .notFound: 3
        case .unsupported: 4
        case .damaged: 5
        case .locked: 6
        case .io: 7
        case .invalidInput: 8
        case .noRoute: 9
        case .migrationFailed: 10
        case .cancelled: 11
        case .notCoreDataStore: 12
        }
    }
}

/// Runs a command body and turns engine errors into a one-line message on stderr and the category's exit code.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as CategorizedError {
        StandardError.write("cdmigrate: error: \(error.description)\(remedy(for: error))\n")
        throw ExitCode(ExitStatus.code(for: error.category))
    }
}

/// What the user can do about an error, worded for this CLI (the engine names no option): empty for most.
private func remedy(for error: any CategorizedError) -> String {
    guard let error = error as? ExecutionError, error.code == .brokenObject else { return "" }
    return
        " (migrate and salvage take --repair, which repairs such objects and lists every change: clears a reference to no object, gives a required value its default, or sets the object aside in a side store)"
}
