import Synchronization

/// The one way results come back from the console's effects: work on any thread sends an action here, and
/// the UI thread takes them in order and hands each to the reducer.
///
/// Every action carries the ``EffectTicket`` of the effect that sent it, so an effect stopped since (Esc
/// while a store is read) is recognised and its late result dropped, as TCA drops a cancelled effect's.
package final class ActionQueue: Sendable {
    private let queued = Mutex<[(ticket: EffectTicket?, action: ConsoleAction)]>([])

    /// Creates an empty queue.
    package init() {}

    /// Adds an action; called from any thread.
    package func send(_ action: ConsoleAction, from ticket: EffectTicket? = nil) {
        queued.withLock { $0.append((ticket, action)) }
    }

    /// Takes the oldest action, if any.
    func take() -> (ticket: EffectTicket?, action: ConsoleAction)? {
        queued.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Whether no action is waiting.
    var isEmpty: Bool { queued.withLock { $0.isEmpty } }
}
