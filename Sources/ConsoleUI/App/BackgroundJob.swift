import Foundation
import Synchronization

/// Where the console's slow reads run (opening a store with its integrity check, planning, reading a store
/// again after a run).
package enum WorkMode: Sendable {
    /// On a thread of its own, so the UI keeps drawing and answering keys: the console's loop takes the result
    /// when it is there.
    case thread
    /// At once, on the calling thread: outside the console's loop nothing would ever take a result, so a test
    /// that performs an effect sees its outcome when the call returns, with no thread and no sleep.
    case inline

    /// Runs `work` as this mode says; `name` names its thread.
    func start(_ name: String, _ work: @escaping @Sendable () -> Void) {
        switch self {
        case .inline: work()
        case .thread:
            let thread = Thread(block: work)
            thread.name = name
            thread.start()
        }
    }
}

/// One piece of slow work and its result, taken once.
final class BackgroundJob<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)

    /// Starts `work` as `mode` says; `name` names its thread.
    init(_ mode: WorkMode, name: String, work: @escaping @Sendable () -> Value) {
        mode.start(name) { [self] in
            let value = work()
            result.withLock { $0 = value }
        }
    }

    /// The result once the work has finished, taken once.
    func take() -> Value? {
        result.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }
}
