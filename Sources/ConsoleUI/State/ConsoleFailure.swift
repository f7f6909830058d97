import MigrationEngine

/// Why an effect's work failed, as the reducer needs it: the one line the console shows, the engine's
/// category (a cancelled export keeps the old file) and its remedy (a store salvage can read is offered
/// salvage). A value, so the action carrying it can be compared in a test.
package struct ConsoleFailure: Error, Sendable, Hashable {
    /// The failure in one line, its remedy in the console's words.
    package var line: String
    /// The engine's category, when the error had one.
    package var category: FailureCategory?
    /// What the engine says the user can do, when it says anything.
    package var remedy: Remedy?
    /// The engine's error, when the failure is one: what the command line reports if the console ends on it.
    package var error: MigrationError?

    /// A failure with its line, category and remedy.
    package init(line: String, category: FailureCategory? = nil, remedy: Remedy? = nil) {
        self.line = line
        self.category = category
        self.remedy = remedy
    }

    /// Any error an engine operation threw.
    package init(_ error: any Error) {
        let failure = MigrationError(error)
        self.init(
            line: RemedyWords.line(failure.message, remedy: failure.remedy),
            category: failure.category, remedy: failure.remedy)
        self.error = failure
    }

    /// Whether salvage can help, as the engine says: it reads damaged pages (``Remedy/salvage``) and keeps
    /// what a broken `-wal` still gives (``Remedy/acceptWriteAheadLogLoss``). Other damage, such as a header
    /// whose page size no reader can use, carries neither, and an offer would only fail again.
    package var salvageHelps: Bool {
        remedy == .salvage || remedy == .acceptWriteAheadLogLoss
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
