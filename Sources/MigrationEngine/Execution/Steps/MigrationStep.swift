import Foundation
import Synchronization

/// One step of a migration chain: turns a store at one model version into a new store at the next.
///
/// A step never touches the original store: it reads a snapshot and writes a fresh destination file that
/// the chain executor creates, validates and eventually swaps in.
package protocol MigrationStep: Sendable {
    /// What the step does, for plans and progress.
    var summary: StepSummary { get }
    /// The model version the source store is at.
    var sourceModel: ObjectModel { get }
    /// The model version the destination store will be at.
    var destinationModel: ObjectModel { get }
    /// Reads `context.sourcePath` and writes a complete store at `context.destinationPath`.
    func perform(_ context: StepContext) throws
    /// Which row counts the step's result is held to (see ``StepCounting``).
    var counting: StepCounting { get }
    /// Whether the step takes its source's recorded version and keys as they are (see ``StepBookkeeping``).
    var bookkeeping: StepBookkeeping { get }
}

/// Everything a step needs while it runs.
package struct StepContext: Sendable {
    /// A read-only, consistent copy of the source store (its `-wal` already folded in).
    package var sourcePath: String
    /// Where to create the destination store; the file does not exist yet.
    package var destinationPath: String
    /// The step's position in the chain (0-based), for progress events.
    package var index: Int
    /// Receives progress events.
    package var report: @Sendable (MigrationEvent) -> Void
    /// Set when the user asked to stop.
    package var cancellation: CancellationFlag
    /// Rows per entity number in each entity table of the source, when the run has already counted them
    /// (validating the store that is now the source); a step then need not count them again.
    var knownRowCounts: [String: [Int: Int]]?
    /// Where a step records the rows its statements are known to have written (see ``WrittenRows``), when the
    /// run will validate the result with them.
    var written: WrittenRows?
    /// Where the chain's first step says whether its result's `integrity_check` covers its source's
    /// `quick_check` (see ``SourcePageCoverage``), when the run has left that check unstarted for it.
    var sourcePages: SourcePageCoverage?

    /// Creates a step context.
    package init(
        sourcePath: String, destinationPath: String, index: Int,
        report: @escaping @Sendable (MigrationEvent) -> Void, cancellation: CancellationFlag
    ) {
        self.sourcePath = sourcePath
        self.destinationPath = destinationPath
        self.index = index
        self.report = report
        self.cancellation = cancellation
    }

    /// Waits while the run is paused, then throws ``MigrationCancelled`` when cancellation was requested;
    /// call it between batches.
    package func checkCancelled() throws {
        try cancellation.checkpoint()
    }
}

/// A thread-safe flag that asks a running migration to stop at the next batch boundary, or to wait there
/// (paused) until it is told to go on or to stop.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let paused = Atomic<Bool>(false)
    private let held = Atomic<Int>(0)
    private let parent: CancellationFlag?
    /// One moment of a paused run's wait.
    private let wait: @Sendable () -> Void

    /// Creates a flag that is not set.
    public init() {
        parent = nil
        wait = Self.sleep
    }

    /// A flag that is set when `parent` is, or when cancelled itself: the run stops its own work with it
    /// (a failed check beside a step) without setting the flag its caller owns.
    package init(following parent: CancellationFlag) {
        self.parent = parent
        wait = parent.wait
    }

    /// A flag whose paused run waits by calling `wait` again and again instead of sleeping: a run on the
    /// thread of the one who answers (a test driving the console with no thread) answers from there.
    package init(waitingWith wait: @escaping @Sendable () -> Void) {
        parent = nil
        self.wait = wait
    }

    /// Waits 20 ms, the delay with which an answer is taken up.
    private static let sleep: @Sendable () -> Void = { Thread.sleep(forTimeInterval: 0.02) }

    /// Asks the migration to stop.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) || parent?.isCancelled == true }

    /// Asks the migration to wait at its next check between batches until ``resume()`` or ``cancel()``: a
    /// front end asking "Abort the run?" gets its answer before the run goes further. A waiting run keeps its
    /// lock on the store and its temporary files, and has swapped nothing in, so either answer is safe; the
    /// original store is untouched until the swap, which starts only after a check.
    public func pause() { paused.store(true, ordering: .relaxed) }

    /// Lets a paused migration go on.
    public func resume() { paused.store(false, ordering: .relaxed) }

    /// Whether a pause was asked for and not lifted, on this flag or the one it follows.
    public var isPaused: Bool { paused.load(ordering: .relaxed) || parent?.isPaused == true }

    /// Whether the migration is waiting at a check now, paused (it may still be on its way to one when
    /// ``isPaused`` is already true).
    public var isHeld: Bool { held.load(ordering: .relaxed) > 0 }

    /// The check a run makes between batches: waits while paused and not cancelled, then throws when a stop
    /// was asked for. The wait polls every 20 ms (or as the flag was made to wait).
    ///
    /// - Throws: ``MigrationCancelled`` when a stop was asked for, before or during the wait.
    package func checkpoint() throws(MigrationCancelled) {
        if isPaused, !isCancelled {
            hold(1)
            defer { hold(-1) }
            while isPaused, !isCancelled { wait() }
        }
        if isCancelled { throw MigrationCancelled() }
    }

    /// Counts a wait on this flag and on every flag it follows, so the caller's flag says the run is held
    /// whichever flag the waiting step was given.
    private func hold(_ change: Int) {
        held.add(change, ordering: .relaxed)
        parent?.hold(change)
    }
}

/// Thrown by a step or the executor when the user cancelled the run.
package struct MigrationCancelled: Error, Sendable, CustomStringConvertible {
    /// Creates the error.
    package init() {}
    /// One line for the user.
    package var description: String { "migration cancelled; the original store is untouched" }
}
