import GRDB
import Synchronization

/// SQLite's `quick_check` of the store a run migrates, made on a thread of its own beside the chain's first
/// step when planning did not make it (``MigrationJob/checksIntegrity``). It reads the run's private snapshot
/// (what the steps read) on a read-only connection of its own.
///
/// A failed check stops the first step at its next batch (through ``stepCancellation``) and is the run's
/// error whatever else failed meanwhile (a run the user cancelled aside: the check is interrupted then), as it
/// was when planning checked first and refused the store before anything ran. It runs on beside validation,
/// which only reads what the steps made, and the run waits for its verdict before it backs up or swaps
/// anything, so nothing is ever backed up or swapped for a damaged store.
///
/// It may be left unstarted while the first step runs, for a step that can prove its result's
/// `integrity_check` reads every page the check would (see ``SourcePageCoverage``); it is then started only
/// when the step cannot prove it, or when the run fails and the failure must be told from damage.
final class SourceIntegrityCheck: Sendable {
    /// The flag to give the steps: set by the run's own cancellation, or by a failed check.
    let stepCancellation: CancellationFlag
    /// The run's own flag, set only by whoever cancels the run.
    private let runCancellation: CancellationFlag
    private let snapshot: StoreSnapshot
    /// The check's connection (nil when it could not be opened) and its work, once started.
    private let started = Mutex<(queue: DatabaseQueue?, work: ConcurrentWork<Void>)?>(nil)

    /// Prepares checking `snapshot`, starting at once unless `deferred`; `cancellation` is the run's flag,
    /// which the check never sets.
    init(_ snapshot: StoreSnapshot, cancellation: CancellationFlag, deferred: Bool = false) {
        stepCancellation = CancellationFlag(following: cancellation)
        runCancellation = cancellation
        self.snapshot = snapshot
        if !deferred { start() }
    }

    /// Whether the check has been started.
    var isStarted: Bool { started.withLock { $0 != nil } }

    /// Starts the check unless it has started already. Called on the thread that runs the steps, between
    /// their reads of the snapshot.
    ///
    /// The check's connection reads the snapshot once before its thread starts: a snapshot in WAL mode has
    /// its log's index rebuilt by the first connection that reads it, and a second connection opening
    /// meanwhile (the step's) would be refused as locked. A snapshot that cannot be opened or read is the
    /// check's verdict (a ``StoreError``), and stops the step as a failed check does. Returns the check's work.
    @discardableResult
    func start() -> ConcurrentWork<Void> {
        if let work = started.withLock({ $0?.work }) { return work }
        let flag = stepCancellation
        let path = snapshot.originalPath
        let queue: DatabaseQueue
        do {
            queue = try StoreReader.openForChecking(snapshot)
        } catch {
            flag.cancel()
            let failure = error
            let work = ConcurrentWork<Void> { throw failure }
            started.withLock { $0 = (nil, work) }
            return work
        }
        let run = runCancellation
        let work = ConcurrentWork {
            do {
                // SQLite forgets an interrupt that arrives before the statement starts, and a starved thread
                // that started late could read the whole store before ``interrupt()`` asks again: a run
                // cancelled by now is not checked at all (nothing will be backed up or swapped for it).
                if run.isCancelled {
                    throw StoreError.reading(DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted"), path: path)
                }
                try StoreReader.checkIntegrity(queue, path: path)
            } catch {
                flag.cancel()
                throw error
            }
        }
        started.withLock { $0 = (queue, work) }
        return work
    }

    /// Starts the check if it has not started, and waits for it; throws its error (``StoreError`` `.damaged`
    /// for a damaged store) if it failed.
    func verdict() throws {
        try start().value()
    }

    /// What the run reports when it fails with `error`: the check's own error if the check failed (damage
    /// explains what failed after it), otherwise `error`. Starts the check if it has not started, and waits
    /// for it.
    func failure(over error: any Error) -> any Error {
        if error is MigrationCancelled, runCancellation.isCancelled {
            // Nothing will be backed up or swapped, so the verdict no longer matters: waiting for it could
            // keep a cancelled run of a large store alive for seconds.
            interrupt()
            return error
        }
        do {
            try verdict()
            return error
        } catch let damage {
            return damage
        }
    }

    /// Ends the check where it is and waits for it. SQLite forgets an interrupt that arrives while no
    /// statement runs (before the check's has started), so it is asked again until the check has ended.
    func interrupt() {
        guard let check = started.withLock({ $0 }) else { return }
        repeat { check.queue?.interrupt() } while !check.work.wait(seconds: 0.01)
    }

    /// Waits for the check to end, whatever its verdict: the snapshot it reads must outlive it. Returns at
    /// once when it never started.
    func wait() {
        started.withLock { $0?.work }?.wait()
    }
}
