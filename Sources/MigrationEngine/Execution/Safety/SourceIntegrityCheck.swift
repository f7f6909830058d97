import GRDB

/// SQLite's `quick_check` of the store a run migrates, made on a thread of its own beside the chain's first
/// step when planning did not make it (``MigrationJob/checksIntegrity``). It reads the run's private snapshot
/// (what the steps read) on a read-only connection of its own.
///
/// A failed check stops the first step at its next batch (through ``stepCancellation``) and is the run's
/// error whatever else failed meanwhile (a run the user cancelled aside: the check is interrupted then), as it was when planning checked first and refused the store before
/// anything ran. It runs on beside validation, which only reads what the steps made, and the run waits for its
/// verdict before it backs up or swaps anything, so nothing is ever backed up or swapped for a damaged store.
final class SourceIntegrityCheck: Sendable {
    /// The flag to give the steps: set by the run's own cancellation, or by a failed check.
    let stepCancellation: CancellationFlag
    /// The run's own flag, set only by whoever cancels the run.
    private let runCancellation: CancellationFlag
    private let queue: DatabaseQueue
    private let work: ConcurrentWork<Void>

    /// Starts checking `snapshot` at once; `cancellation` is the run's flag, which the check never sets.
    ///
    /// The check's connection reads the snapshot once before its thread starts: a snapshot in WAL mode has
    /// its log's index rebuilt by the first connection that reads it, and a second connection opening
    /// meanwhile (the step's) would be refused as locked.
    ///
    /// - Throws: ``StoreError`` when the snapshot cannot be opened or read.
    init(_ snapshot: StoreSnapshot, cancellation: CancellationFlag) throws(StoreError) {
        let flag = CancellationFlag(following: cancellation)
        stepCancellation = flag
        runCancellation = cancellation
        let queue = try StoreReader.openForChecking(snapshot)
        self.queue = queue
        work = ConcurrentWork {
            do {
                try StoreReader.checkIntegrity(queue, path: snapshot.originalPath)
            } catch {
                flag.cancel()
                throw error
            }
        }
    }

    /// Waits for the check; throws its error (``StoreError`` `.damaged` for a damaged store) if it failed.
    func verdict() throws {
        try work.value()
    }

    /// What the run reports when it fails with `error`: the check's own error if the check failed (damage
    /// explains what failed after it), otherwise `error`. Waits for the check.
    func failure(over error: any Error) -> any Error {
        if error is MigrationCancelled, runCancellation.isCancelled {
            // Nothing will be backed up or swapped, so the verdict no longer matters: waiting for it could
            // keep a cancelled run of a large store alive for seconds.
            interrupt()
            return error
        }
        do {
            try work.value()
            return error
        } catch let damage {
            return damage
        }
    }

    /// Ends the check where it is and waits for it. SQLite forgets an interrupt that arrives while no
    /// statement runs (before the check's has started), so it is asked again until the check has ended.
    func interrupt() {
        repeat { queue.interrupt() } while !work.wait(seconds: 0.01)
    }

    /// Waits for the check to end, whatever its verdict: the snapshot it reads must outlive it.
    func wait() {
        work.wait()
    }
}
