import Dispatch
import Foundation
import MigrationEngine

/// SIGINT and SIGTERM during a run set its ``CancellationFlag`` instead of killing the process, so the run
/// stops at the next batch, removes its temporaries, snapshot and lock, records "cancelled" in the history
/// log and exits with the documented code (11). A swap already under way is finished first: it is short and
/// stopping it half-way is exactly what the journal exists to repair.
final class SignalCancellation {
    private let sources: [any DispatchSourceSignal]

    /// Routes SIGINT and SIGTERM to `flag` until ``stop()``.
    init(_ flag: CancellationFlag) {
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
