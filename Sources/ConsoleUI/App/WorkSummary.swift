import Synchronization

/// Hands the one-line summary of work finished off the UI thread (a salvage, an export) to the UI thread.
final class WorkSummary: Sendable {
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
