import MigrationEngine
import Synchronization

/// Hands migration events from the engine thread to the UI thread.
///
/// The engine only appends (cheap, never blocks on the terminal); the UI drains everything at once each tick,
/// so a burst of progress events costs one redraw.
package final class EventQueue: Sendable {
    private let state = Mutex<(events: [MigrationEvent], workerDone: Bool)>(([], false))

    /// Creates an empty queue.
    package init() {}

    /// Adds an event; called from any thread.
    package func push(_ event: MigrationEvent) {
        state.withLock { $0.events.append(event) }
    }

    /// Marks the engine thread as finished.
    package func markWorkerDone() {
        state.withLock { $0.workerDone = true }
    }

    /// Takes every queued event, and whether the engine thread has finished.
    package func drain() -> (events: [MigrationEvent], workerDone: Bool) {
        state.withLock { value in
            let taken = value.events
            value.events.removeAll(keepingCapacity: true)
            return (taken, value.workerDone)
        }
    }

    /// Clears the queue for a new run.
    package func reset() {
        state.withLock { $0 = ([], false) }
    }
}
