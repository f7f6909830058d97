import MigrationEngine

/// Exit codes: one per failure category, stable so scripts can branch on them (documented in the README).
enum ExitStatus {
    /// Wrong usage: an unknown command or option, a missing argument, a console without a terminal.
    static let usage: Int32 = 64

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
        case .unknownStoreVersion: 13
        }
    }
}
