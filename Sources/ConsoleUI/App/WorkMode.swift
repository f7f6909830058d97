import Foundation
import Synchronization

/// Where the console's effects do their work (reading and planning a store, a migration, a salvage, the
/// picker's search); whatever the mode, the result comes back as an action through the ``ActionQueue``.
package enum WorkMode: Sendable {
    /// On a thread of its own, so the UI keeps drawing and answering keys: the console's loop takes the result
    /// when it is there.
    case thread
    /// At once, on the calling thread: a test sends an action and receives what follows with no thread and
    /// no sleep (the console's own loop runs everything slow on threads).
    case inline
    /// Held until ``DeferredWork/runAll()``: a test sees the console while the work is still going (and
    /// stops waiting for it), with no thread.
    case deferred(DeferredWork)

    /// Runs `work` as this mode says; `name` names its thread, `stackSize` sets its stack when not the default.
    func start(_ name: String, stackSize: Int? = nil, _ work: @escaping @Sendable () -> Void) {
        switch self {
        case .inline: work()
        case .deferred(let held): held.hold(work)
        case .thread:
            let thread = Thread(block: work)
            thread.name = name
            if let stackSize { thread.stackSize = stackSize }
            thread.start()
        }
    }

    /// How a run paused while "Abort the run?" is asked waits: on its own thread, a sleep while the console
    /// takes the answer; run by a test on its own thread, whatever the test does meanwhile (answering).
    var pausedRunWait: (@Sendable () -> Void)? {
        guard case .deferred(let held) = self else { return nil }
        return { held.whilePaused() }
    }

    /// Runs the work held so far when the mode holds it; returns whether there was any. The console waiting
    /// for work to end (an export stopped while quitting) lets held work run, or it would wait for nothing.
    func runHeld() -> Bool {
        guard case .deferred(let held) = self else { return false }
        return held.runAll() > 0
    }
}

/// Work held by ``WorkMode/deferred(_:)`` until a test runs it.
package final class DeferredWork: Sendable {
    private let held = Mutex<[@Sendable () -> Void]>([])
    private let pausedRunWait = Mutex<(@Sendable () -> Void)?>(nil)

    /// Holds nothing yet; `whilePaused` is what a run held here does while it is paused.
    package init(whilePaused: (@Sendable () -> Void)? = nil) {
        pausedRunWait.withLock { $0 = whilePaused }
    }

    /// One moment of the wait of a paused run started from here: what the test gave, or a short sleep.
    func whilePaused() {
        if let wait = pausedRunWait.withLock({ $0 }) {
            wait()
        } else {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    func hold(_ work: @escaping @Sendable () -> Void) {
        held.withLock { $0.append(work) }
    }

    /// Runs the work held so far, in the order it was started or, `newestFirst`, the other way round (as
    /// threads started together may run); returns how much there was.
    @discardableResult
    package func runAll(newestFirst: Bool = false) -> Int {
        let work = held.withLock { held in
            defer { held.removeAll() }
            return held
        }
        for item in newestFirst ? work.reversed() : work { item() }
        return work.count
    }
}
