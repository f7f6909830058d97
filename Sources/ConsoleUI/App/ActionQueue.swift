import Synchronization

/// The one way results come back from the console's effects: work on any thread sends an action here, and
/// the UI thread takes them in order and hands each to the reducer.
///
/// Every action carries the ``EffectTicket`` of the effect that sent it, if that effect can be stopped, so a
/// late result of an effect stopped since (Esc while a store is read) is recognised and dropped, as TCA drops
/// a cancelled effect's.
package final class ActionQueue: Sendable {
    private struct Queued {
        var items: [(ticket: EffectTicket?, action: ConsoleAction)] = []
        /// The first item not yet taken: taking moves it instead of shifting the array, so a burst of progress
        /// events is taken in linear time.
        var head = 0
    }

    private let queued = Mutex(Queued())

    /// Creates an empty queue.
    package init() {}

    /// Adds an action; called from any thread.
    package func send(_ action: ConsoleAction, from ticket: EffectTicket? = nil) {
        queued.withLock { $0.items.append((ticket, action)) }
    }

    /// Takes the oldest action, if any.
    func take() -> (ticket: EffectTicket?, action: ConsoleAction)? {
        queued.withLock { queue in
            guard queue.head < queue.items.count else { return nil }
            let item = queue.items[queue.head]
            queue.head += 1
            if queue.head == queue.items.count {
                queue.items.removeAll(keepingCapacity: true)
                queue.head = 0
            }
            return item
        }
    }

    /// How many actions wait to be taken.
    var count: Int { queued.withLock { $0.items.count - $0.head } }
}
