import Dispatch
import Foundation
import MigrationEngine
import Synchronization

/// SIGINT and SIGTERM during a run set its ``CancellationFlag`` instead of killing the process, so the run
/// stops at the next batch, removes its temporaries, snapshot and lock, records "cancelled" in the history
/// log and exits with the documented code (11). A swap already under way is finished first: it is short and
/// stopping it half-way is exactly what the journal exists to repair.
final class SignalCancellation {
    private let sources: [any DispatchSourceSignal]

    /// Routes SIGINT and SIGTERM to `flag` until ``stop()``.
    init(_ flag: CancellationFlag) {
        defer { if EarlySignals.received { flag.cancel() } }
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.cancel() }
            source.resume()
            return source
        }
    }

    /// Gives SIGINT and SIGTERM their default action back.
    func stop() {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// Set by ``EarlySignals``' handler; a lock-free store is safe inside a signal handler.
private let earlySignal = Atomic<Bool>(false)

/// SIGINT and SIGTERM from the moment `main` runs, for the commands that cancel cleanly (`migrate`,
/// `export`): until their ``SignalCancellation`` is in place (after arguments, model and planning) a signal
/// is only noted, and that ``SignalCancellation`` cancels at once. Without it, a SIGTERM in the first
/// milliseconds killed the process (exit 143) instead of cancelling it (exit 11). A signal before `main`
/// itself, while the system is still loading the binary, keeps its default action.
enum EarlySignals {
    /// The subcommands whose runs cancel through ``SignalCancellation``.
    static let cancellingCommands: Set<String> = ["migrate", "export"]

    /// Notes SIGINT and SIGTERM instead of dying when `arguments` run a cancelling command.
    static func install(for arguments: [String]) {
        guard let command = arguments.dropFirst().first, cancellingCommands.contains(command) else { return }
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in earlySignal.store(true, ordering: .relaxed) }
            sigaddset(&set, number)
        }
        // A parent that blocked them (a thread pool's thread starting this process) passes the mask on; a
        // signal would then wait unseen while the run went on.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether a signal was noted.
    static var received: Bool { earlySignal.load(ordering: .relaxed) }
}
