import Foundation
import Synchronization

/// Searches for stores, sending what it has found as it goes, so the picker is on screen at once and fills
/// in; ``stop()`` ends the search at the next folder entry, however large the tree (`/`).
package final class StoreScanner: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    /// The shortest time between two reports of the folders searched: a tree of millions of folders would
    /// otherwise send millions of actions.
    static let reportInterval = 0.05

    /// Creates a scanner.
    package init() {}

    /// Asks the search to stop; what was found so far stays.
    package func stop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    /// Searches `root` on the calling thread: `report` gets the progress whenever a store is found, at most
    /// every ``reportInterval`` seconds as folders are searched, and once at the end.
    package func scan(_ root: String, report: (ScanProgress) -> Void) {
        var progress = ScanProgress()
        var reported = ProcessInfo.processInfo.systemUptime
        let finished = StoreFinder.walk(
            under: root, isCancelled: { stopRequested.load(ordering: .relaxed) },
            searched: { count in
                progress.folders = count
                let now = ProcessInfo.processInfo.systemUptime
                guard now - reported >= Self.reportInterval else { return }
                reported = now
                report(progress)
            },
            found: { candidate in
                progress.candidates.append(candidate)
                report(progress)
            })
        progress.status = finished ? .finished : .stopped
        report(progress)
    }
}
