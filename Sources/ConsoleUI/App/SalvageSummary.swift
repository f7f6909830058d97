import Synchronization

/// Hands a finished salvage's one-line summary from the worker thread to the UI thread.
final class SalvageSummary: Sendable {
    private let summary = Mutex<String?>(nil)

    /// Records the summary; called from the worker thread.
    func set(_ text: String) {
        summary.withLock { $0 = text }
    }

    /// The summary if one was recorded, taken once.
    func take() -> String? {
        summary.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }
}
