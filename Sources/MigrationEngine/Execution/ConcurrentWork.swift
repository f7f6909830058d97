import Foundation

/// Work started on a thread of its own, so it overlaps what the caller does next (the machine's other
/// core); ``value()`` waits for it. Used for reads that need nothing from the run but the files it holds
/// still: digests, flushes and the source store's integrity check.
final class ConcurrentWork<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the worker before it signals `finished`; read only after waiting for that signal.
    private var outcome: Result<Value, any Error>?

    /// Starts `body` at once.
    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            outcome = Result { try body() }
            finished.signal()
        }
    }

    /// Waits for the work to end; returns its value or rethrows its error. May be called more than once.
    func value() throws -> Value {
        finished.wait()
        defer { finished.signal() }
        guard let outcome else { preconditionFailure("the work signalled before setting its outcome") }
        return try outcome.get()
    }

    /// Waits for the work to end, whatever its outcome: a run that fails anyway must not leave the thread
    /// reading files it is about to remove.
    func wait() {
        finished.wait()
        finished.signal()
    }

    /// Waits at most `seconds` for the work to end, whatever its outcome; whether it has.
    func wait(seconds: Double) -> Bool {
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()
        return true
    }
}
