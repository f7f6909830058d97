import Foundation

/// Runs migration chains under the safety contract: the originals are never written until every step of
/// every store has succeeded and been validated; then each original file set is backed up and swapped for
/// the new store under a journal, all stores together or none. Progress, validation, commit and failure are
/// reported as ``MigrationEvent`` values; every run is recorded in each store's history log.
package struct ChainExecutor: Sendable {
    /// How runs behave.
    package let options: ExecutionOptions
    /// Receives every event.
    package let report: @Sendable (MigrationEvent) -> Void

    /// Creates an executor.
    package init(options: ExecutionOptions = ExecutionOptions(), report: @escaping @Sendable (MigrationEvent) -> Void = { _ in })
    {
        self.options = options
        self.report = report
    }

    /// One run over every job's store: what it is, and what each store has got so far.
    struct Ledger {
        /// The run's name (temporaries, markers, journal and history carry it).
        let run: String
        /// When the run started.
        let started: Date
        /// The stores and their plans.
        let jobs: [MigrationJob]
        /// Each store's steps as they ran, in the order of `jobs`.
        var timings: [[RunRecord.Step]]
        /// Each store's final file, in the order of `jobs`: the validated temporary, or the store itself when
        /// its plan has no step.
        var finals: [String] = []
        /// The digest of each final temporary, for the swap journal.
        var newDigests: [String: StampedDigest] = [:]
        /// The backups made of the stores that move.
        var backups: [BackupManifest] = []
        /// What was repaired in each store, by store path.
        var repairs: [String: RepairReport] = [:]
        /// The objects each repair set aside, published once the stores are swapped.
        var sideStores: [SetAsideStore] = []
        /// Each store's snapshot, by store path, kept for its backup and removed when the run ends.
        var snapshots: [String: HeldSnapshot] = [:]

        init(run: String, started: Date, jobs: [MigrationJob]) {
            self.run = run
            self.started = started
            self.jobs = jobs
            timings = Array(repeating: [], count: jobs.count)
        }

        /// The stores whose plans have steps, each with its final temporary.
        var moving: [(job: MigrationJob, final: String)] {
            zip(jobs, finals).filter { !$0.0.plan.steps.isEmpty }.map { ($0.0, $0.1) }
        }
    }

    /// Migrates every job's store along its plan, all or nothing; returns the history records written.
    /// On failure or cancellation every original is left exactly as it was and no temporary remains.
    /// Once the swap has succeeded the run has succeeded: a history log that cannot be written then is a
    /// warning (a `log` event), not a failure.
    @discardableResult
    package func run(_ jobs: [MigrationJob]) throws -> [RunRecord] {
        var ledger = Ledger(run: String(UUID().uuidString.prefix(8)).lowercased(), started: Date(), jobs: jobs)
        defer { ledger.snapshots.values.forEach { $0.remove(report: report) } }
        let paths = jobs.map { StorePaths(storePath: $0.storePath).storePath }
        if let repeated = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
            throw ExecutionError(.io, path: repeated, message: "the same store is given twice")
        }
        let locks = try lockAll(jobs)
        defer { locks.forEach { $0.release() } }
        let locked = Set(locks.map { StorePaths(storePath: $0.storePath).storePath })
        for job in jobs { try BackupStore(root: options.backupRoot(for: job.storePath)).checkOwnFiles() }
        for job in jobs { try recover(job.storePath, locked: locked) }
        let markers = try writeMarkers(jobs, run: ledger.run, started: ledger.started)
        defer { removeMarkers(markers, jobs) }
        var swapping = false
        do {
            try runChains(&ledger)
            if options.dryRun { return try finishDryRun(ledger) }
            try backUp(&ledger)
            try checkCancelled()
            swapping = true
            try swap(ledger)
            publish(ledger.sideStores)
            return committed(ledger, detail: nil)
        } catch {
            return try fail(ledger, error, swapping: swapping)
        }
    }

    /// Runs each store's chain into its temporaries, one store after the other.
    private func runChains(_ ledger: inout Ledger) throws {
        for (index, job) in ledger.jobs.enumerated() {
            if ledger.jobs.count > 1 { report(.log("store \(job.storePath): \(job.plan.from) → \(job.plan.to)")) }
            report(.planReady(steps: job.plan.steps.map(\.summary)))
            guard !job.plan.steps.isEmpty else {
                ledger.finals.append(job.storePath)
                continue
            }
            let outcome = try ChainRunner(job: job, run: ledger.run, options: options, report: report)
                .execute(&ledger.timings[index])
            ledger.finals.append(outcome.path)
            ledger.newDigests[outcome.path] = outcome.digest
            ledger.repairs[job.storePath] = outcome.repairs
            ledger.sideStores += outcome.sideStore.map { [$0] } ?? []
            ledger.snapshots[job.storePath] = outcome.snapshot
        }
    }

    /// A dry run keeps nothing it made: its temporaries and side stores go, and the run is recorded.
    private func finishDryRun(_ ledger: Ledger) throws -> [RunRecord] {
        ledger.moving.forEach { TemporaryFile.remove($0.final) }
        ledger.sideStores.forEach { $0.discard() }
        report(.committed(backup: nil, dryRun: true))
        return try record(ledger, result: .succeeded, detail: nil, backups: [], repairs: ledger.repairs)
    }

    /// Backs up every store that moves from the files its snapshot copied (each digested once, as it was
    /// copied), refusing a store changed since the run read it.
    private func backUp(_ ledger: inout Ledger) throws {
        let moving = ledger.moving
        if !moving.isEmpty { report(.stageStarted(.backup)) }
        for (job, _) in moving {
            ledger.backups.append(
                try BackupStore(root: options.backupRoot(for: job.storePath)).create(
                    of: job.storePath, version: job.plan.from, targetVersion: job.plan.to,
                    snapshotCopies: ledger.snapshots[job.storePath]?.copies ?? []))
        }
    }

    /// Swaps every moving store for its final temporary under one journal.
    private func swap(_ ledger: Ledger) throws {
        let moves = zip(ledger.moving, ledger.backups).map { pair, backup in
            SwapJournalBuilder.Move(
                store: pair.job.storePath, temporary: pair.final, backupRoot: options.backupRoot(for: pair.job.storePath),
                backup: backup, newDigest: ledger.newDigests[pair.final])
        }
        let journal = try SwapJournalBuilder.make(run: ledger.run, action: .migrate, moves: moves)
        report(.stageStarted(.swap))
        try StoreSwap(journal: journal, stageHook: options.stageHook).run()
    }

    /// After `error`: a swap that failed part-way with every new store intact is finished (a success);
    /// otherwise whatever the run made is removed, the failure recorded, and a categorized error thrown.
    private func fail(_ ledger: Ledger, _ error: any Error, swapping: Bool) throws -> [RunRecord] {
        if swapping, let outcome = finishOrUndo(ledger), outcome == .finishedSwap {
            report(.log("the swap was interrupted by \(error) and has been completed"))
            publish(ledger.sideStores)
            return committed(ledger, detail: "swap completed by recovery after: \(error)")
        }
        if !swapping {
            ledger.moving.forEach { TemporaryFile.remove($0.final) }
            removeBackups(ledger.backups)
        }
        ledger.sideStores.forEach { $0.discard() }
        let cancelled = error is MigrationCancelled
        report(.failed(MigrationError(error)))
        do {
            _ = try record(ledger, result: cancelled ? .cancelled : .failed, detail: "\(error)", backups: [], repairs: [:])
        } catch let failure {
            report(.log("warning: the failure could not be recorded: \(failure)"))
        }
        let stores = ledger.jobs.map(\.storePath).joined(separator: ", ")
        if cancelled { throw ExecutionError(.cancelled, path: stores, message: "\(error)") }
        // Every failure leaves as a categorized error, so front ends can give it an exit code; one that
        // carries no category of its own gets the one its kind implies, not a blanket "I/O".
        if let error = error as? any CategorizedError { throw error }
        throw MigrationFailure(category: FailureCategory.of(error), path: stores, message: "\(stores): \(error)")
    }

    /// Gives the side stores of a run's repairs their names, once the repaired stores are swapped in; the
    /// stores are migrated, so a side store that cannot be kept is a warning (its objects stay in the backup).
    private func publish(_ sideStores: [SetAsideStore]) {
        for sideStore in sideStores {
            do {
                try sideStore.publish()
            } catch {
                report(.log("warning: the objects set aside could not be kept (\(error)); they are in the backup"))
            }
        }
    }

    /// Reports the commit and records it; the stores are migrated, so a history failure is only a warning.
    private func committed(_ ledger: Ledger, detail: String?) -> [RunRecord] {
        report(
            .committed(
                backup: ledger.backups.first.map {
                    BackupStore(root: options.backupRoot(for: $0.storePath)).folder(of: $0.id)
                },
                dryRun: false))
        do {
            return try record(ledger, result: .succeeded, detail: detail, backups: ledger.backups, repairs: ledger.repairs)
        } catch {
            report(.log("warning: the stores were migrated, but the history log could not be written: \(error)"))
            return []
        }
    }

    /// After a swap failed part-way: recovers (finishes or undoes) it now rather than leaving the journal for
    /// the next run. Returns nil when recovery itself failed, leaving journal and temporaries for the next run.
    private func finishOrUndo(_ ledger: Ledger) -> Recovery.Outcome? {
        var outcome: Recovery.Outcome?
        for (job, final) in ledger.moving {
            do {
                if let journal = try SwapJournal.find(besideStore: job.storePath) {
                    outcome = try Recovery.resolve(journal).outcome
                }
            } catch {
                report(.log("the interrupted swap could not be recovered now (\(error)); the next run recovers it"))
                return nil
            }
            TemporaryFile.remove(final)
        }
        return outcome
    }
}
