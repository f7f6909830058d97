import Foundation
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
    /// A pipe `send` writes a byte to, so that the console's loop, asleep until a key arrives, wakes for an
    /// action at once instead of at its next timeout; nil when no pipe could be made (the loop then wakes
    /// only on its timeouts, as a poll would).
    private let wake: (read: Int32, write: Int32)?

    /// Creates an empty queue.
    package init() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            wake = nil
            return
        }
        for end in ends {
            // Never blocks: a full pipe already holds a wake-up, and the loop empties it without waiting.
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        if let wake {
            close(wake.read)
            close(wake.write)
        }
    }

    /// Adds an action and wakes the loop; called from any thread.
    package func send(_ action: ConsoleAction, from ticket: EffectTicket? = nil) {
        queued.withLock { $0.items.append((ticket, action)) }
        if let wake {
            var byte: UInt8 = 1
            // A full pipe (EAGAIN) is already a wake-up the loop has yet to take: nothing is lost.
            _ = write(wake.write, &byte, 1)
        }
    }

    /// The descriptor that becomes readable when an action is sent, for the loop to wait on beside the terminal.
    var wakeDescriptor: Int32? { wake?.read }

    /// Empties the wake pipe; the loop does it before taking actions, so an action sent after still wakes it.
    func clearWake() {
        guard let wake else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &bytes, bytes.count) > 0 {}
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
