/// Slow work to do before the store can be opened (the demo generating its store), run off the UI thread
/// while the console already shows what it is waiting for.
package struct Preparation: Sendable {
    /// What the console says while waiting.
    package var message: String
    /// The work; the store is opened when it returns, and its error is shown if it throws.
    package var work: @Sendable () throws -> Void

    /// Creates a preparation.
    package init(message: String, work: @escaping @Sendable () throws -> Void) {
        self.message = message
        self.work = work
    }
}
