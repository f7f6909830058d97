import Foundation
import Synchronization

/// The signal that asked the console to stop (0 when none), set from a signal handler.
private let pendingSignal = Atomic<Int32>(0)

/// The function that puts the terminal back, called from a fatal-signal handler before the process dies.
nonisolated(unsafe) private var fatalCleanup: (@convention(c) () -> Void)?

/// Turns Ctrl-C, SIGTERM and SIGHUP into a flag the UI loop polls, and restores the terminal on a crash.
///
/// Handlers only set an atomic flag, which is safe inside a signal handler; the UI thread notices it at its
/// next key poll, stops any run and restores the terminal itself. Fatal signals run `cleanup` and re-raise.
package enum TerminalSignals {
    /// Installs the handlers; `cleanup` must be safe to call at any time (it only ends curses mode).
    package static func install(cleanup: @escaping @convention(c) () -> Void) {
        fatalCleanup = cleanup
        // A parent may have blocked these (test runners do); the console must see Ctrl-C and resizes.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in pendingSignal.store(number, ordering: .relaxed) }
        }
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(signalNumber) { number in
                fatalCleanup?()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// The signal received since the last call (0 when none), clearing it.
    package static func takePending() -> Int32 {
        pendingSignal.exchange(0, ordering: .relaxed)
    }
}
