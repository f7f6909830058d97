import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// The source's check beside the first step ends when the user cancels the run, instead of reading the rest
/// of the store first (seconds on millions of rows).
@Suite("The source's integrity check and a cancelled run")
struct SourceIntegrityCheckTests {
    @Test("A run the user cancelled interrupts the check: its error is the cancellation, the check ends unfinished")
    func cancelledRunInterruptsTheCheck() throws {
        let store = try JournalFixture.store(version: 1, entries: 150_000)
        let snapshot = try StoreSnapshot.take(of: store)
        let cancellation = CancellationFlag()
        let check = SourceIntegrityCheck(snapshot, cancellation: cancellation)
        cancellation.cancel()
        let reported = check.failure(over: MigrationCancelled())
        #expect(reported is MigrationCancelled)
        // Interrupted, not finished: a finished check of this healthy store has no error.
        let verdict = #expect(throws: StoreError.self) { try check.verdict() }
        #expect(verdict?.code == .stopped, "\(String(describing: verdict))")
    }

    @Test("A check started after the run was cancelled ends interrupted without reading the store")
    func checkStartedAfterCancellationIsInterrupted() throws {
        // SQLite forgets an interrupt sent before a statement starts: a check whose thread starts late must see
        // the cancellation itself, or a starved thread reads the whole store after the run was cancelled.
        let store = try JournalFixture.store(version: 1, entries: 300)
        let snapshot = try StoreSnapshot.take(of: store)
        let cancellation = CancellationFlag()
        let check = SourceIntegrityCheck(snapshot, cancellation: cancellation, deferred: true)
        cancellation.cancel()
        let verdict = #expect(throws: StoreError.self) { try check.verdict() }
        #expect(verdict?.code == .stopped, "\(String(describing: verdict))")
    }

    @Test("When the check's own finding stopped the step, the damage is reported, not the stop")
    func ownCancellationKeepsTheVerdict() throws {
        let store = try JournalFixture.store(version: 1, entries: 300)
        try HeaderDamage.claimMissingFreePages(store)
        let snapshot = try StoreSnapshot.take(of: store)
        let check = SourceIntegrityCheck(snapshot, cancellation: CancellationFlag())
        // The run was not cancelled: a step that stopped did so because the check set its flag.
        let reported = check.failure(over: MigrationCancelled())
        #expect((reported as? StoreError)?.code == .damaged)
        #expect(check.stepCancellation.isCancelled)
    }
}
