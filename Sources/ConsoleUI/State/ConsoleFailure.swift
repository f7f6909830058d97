import MigrationEngine

/// Why an effect's work failed, as the reducer needs it: the one line the console shows and the engine's
/// category (a damaged store is offered salvage, a cancelled export keeps the old file). A value, so the
/// action carrying it can be compared in a test.
package struct ConsoleFailure: Error, Sendable, Hashable {
    /// The failure in one line, its remedy in the console's words.
    package var line: String
    /// The engine's category, when the error had one.
    package var category: FailureCategory?

    /// A failure with its line and category.
    package init(line: String, category: FailureCategory? = nil) {
        self.line = line
        self.category = category
    }

    /// Any error an engine operation threw.
    package init(_ error: any Error) {
        self.init(line: RemedyWords.line(error), category: (error as? any CategorizedError)?.category)
    }

    /// The outcome of engine work that may throw anything, its error taken as the console says it.
    static func catching<Value>(_ work: () throws -> Value) -> Result<Value, ConsoleFailure> {
        do {
            return .success(try work())
        } catch {
            return .failure(ConsoleFailure(error))
        }
    }

    /// Why engine work that returns nothing failed, or nil when it succeeded.
    static func of(_ work: () throws -> Void) -> ConsoleFailure? {
        do {
            try work()
            return nil
        } catch {
            return ConsoleFailure(error)
        }
    }
}
