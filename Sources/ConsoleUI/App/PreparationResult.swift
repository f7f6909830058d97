import Synchronization

/// Hands the outcome of a ``Preparation`` from its thread to the UI thread.
final class PreparationResult: Sendable {
    /// `nil` while running; then `.some(nil)` for success or `.some(reason)` for failure.
    private let outcome = Mutex<String??>(nil)

    /// Records the outcome; called once from the preparation's thread.
    func finish(_ failure: String?) {
        outcome.withLock { $0 = .some(failure) }
    }

    /// The outcome if the preparation has finished, taken once.
    func take() -> String?? {
        outcome.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }
}
