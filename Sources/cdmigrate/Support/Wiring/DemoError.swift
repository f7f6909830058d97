import MigrationEngine

/// Why the demo could not be prepared.
struct DemoError: CategorizedError {
    /// The broad kind of the failure.
    let category: FailureCategory
    /// The file or folder involved.
    let path: String
    /// What went wrong.
    let message: String

    /// The demo's own code.
    var failureCode: String { "demo.unprepared" }

    var description: String { "\(path): \(message)" }
}
