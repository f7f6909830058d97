import Foundation
import Synchronization

/// Searches for stores on its own thread, so the picker is on screen at once and fills in as stores are
/// found; ``stop()`` ends the search at the next folder entry, however large the tree (`/`).
package final class StoreScanner: Sendable {
    /// The folder searched.
    package let root: String
    private let state: Mutex<ScanProgress>
    private let stopRequested = Atomic<Bool>(false)

    /// Creates a scanner; nothing is read before ``start()``.
    package init(root: String) {
        self.root = root
        state = Mutex(ScanProgress())
    }

    /// Starts the search on a thread of its own.
    package func start() {
        let thread = Thread { [self] in scan() }
        thread.name = "cdmigrate-store-scan"
        thread.start()
    }

    /// Asks the search to stop; what was found so far stays.
    package func stop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    /// What the search has found so far, and whether it is still going.
    package var progress: ScanProgress { state.withLock { $0 } }

    /// The search itself, on the calling thread.
    func scan() {
        let finished = StoreFinder.walk(
            under: root, isCancelled: { stopRequested.load(ordering: .relaxed) },
            searched: { count in state.withLock { $0.folders = count } },
            found: { candidate in state.withLock { $0.candidates.append(candidate) } })
        state.withLock { $0.status = finished ? .finished : .stopped }
    }
}
