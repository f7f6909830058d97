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

    /// Migrates every job's store along its plan, all or nothing; returns the history records written.
    /// On failure or cancellation every original is left exactly as it was and no temporary remains.
    /// Once the swap has succeeded the run has succeeded: a history log that cannot be written then is a
    /// warning (a `log` event), not a failure.
    @discardableResult
    package func run(_ jobs: [MigrationJob]) throws -> [RunRecord] {
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let paths = jobs.map { StorePaths(storePath: $0.storePath).storePath }
        if let repeated = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
            throw ExecutionError(.io, path: repeated, message: "the same store is given twice")
        }
        let started = Date()
        let locks = try lockAll(jobs)
        defer { locks.forEach { $0.release() } }
        let locked = Set(locks.map { StorePaths(storePath: $0.storePath).storePath })
        for job in jobs { try BackupStore(root: options.backupRoot(for: job.storePath)).checkOwnFiles() }
        for job in jobs { try recover(job.storePath, locked: locked) }
        let markers = try writeMarkers(jobs, run: run, started: started)
        defer { removeMarkers(markers, jobs) }
        // The locks keep every SQLite connection off the originals, so their backup digests are taken now, on
        // the other core while the steps run; each is used only if its file's stamp is unchanged by then.
        let originalDigests = options.dryRun ? nil : Self.digestOriginals(jobs.filter { !$0.plan.steps.isEmpty })
        defer { originalDigests?.wait() }

        var timings = Array(repeating: [RunRecord.Step](), count: jobs.count)
        var finals: [String] = []
        var newDigests: [String: StampedDigest] = [:]
        var backups: [BackupManifest] = []
        var repairs: [String: RepairReport] = [:]
        var sideStores: [SetAsideStore] = []
        var swapping = false
        do {
            for (index, job) in jobs.enumerated() {
                if jobs.count > 1 { report(.log("store \(job.storePath): \(job.plan.from) → \(job.plan.to)")) }
                report(.planReady(steps: job.plan.steps.map(\.summary)))
                let runner = ChainRunner(job: job, run: run, options: options, report: report)
                if job.plan.steps.isEmpty {
                    finals.append(job.storePath)
                } else {
                    let outcome = try runner.execute(&timings[index])
                    finals.append(outcome.path)
                    newDigests[outcome.path] = outcome.digest
                    repairs[job.storePath] = outcome.repairs
                    sideStores += outcome.sideStore.map { [$0] } ?? []
                }
            }
            if options.dryRun {
                zip(jobs, finals).filter { $0.0.plan.steps.count > 0 }.forEach { TemporaryFile.remove($0.1) }
                sideStores.forEach { $0.discard() }
                report(.committed(backup: nil, dryRun: true))
                return try record(jobs, run, started, timings, .succeeded, nil, [], repairs)
            }
            let moving = zip(jobs, finals).filter { !$0.0.plan.steps.isEmpty }
            if !moving.isEmpty { report(.stageStarted(.backup)) }
            let known = try originalDigests?.value() ?? [:]
            for (job, _) in moving {
                let root = options.backupRoot(for: job.storePath)
                backups.append(
                    try BackupStore(root: root).create(
                        of: job.storePath, version: job.plan.from, targetVersion: job.plan.to, knownDigests: known))
            }
            try checkCancelled()
            let moves = zip(moving, backups).map { pair, backup in
                SwapJournalBuilder.Move(
                    store: pair.0.storePath, temporary: pair.1, backupRoot: options.backupRoot(for: pair.0.storePath),
                    backup: backup, newDigest: newDigests[pair.1])
            }
            let journal = try SwapJournalBuilder.make(run: run, action: .migrate, moves: moves)
            report(.stageStarted(.swap))
            swapping = true
            try StoreSwap(journal: journal, stageHook: options.stageHook).run()
            publish(sideStores)
            return committed(jobs, run, started, timings, nil, backups, repairs)
        } catch {
            if swapping, let outcome = finishOrUndo(jobs, finals), outcome == .finishedSwap {
                // The swap failed part-way but every new store was intact, so it was finished: a success.
                report(.log("the swap was interrupted by \(error) and has been completed"))
                publish(sideStores)
                return committed(
                    jobs, run, started, timings, "swap completed by recovery after: \(error)", backups, repairs)
            }
            if !swapping {
                zip(jobs, finals).filter { !$0.0.plan.steps.isEmpty }.forEach { TemporaryFile.remove($0.1) }
                removeBackups(backups)
            }
            sideStores.forEach { $0.discard() }
            let cancelled = error is MigrationCancelled
            report(.failed(MigrationFailure(error)))
            do {
                _ = try record(jobs, run, started, timings, cancelled ? .cancelled : .failed, "\(error)", [])
            } catch let failure {
                report(.log("warning: the failure could not be recorded: \(failure)"))
            }
            let stores = jobs.map(\.storePath).joined(separator: ", ")
            if cancelled { throw ExecutionError(.cancelled, path: stores, message: "\(error)") }
            // Every failure leaves as a categorized error, so front ends can give it an exit code; one that
            // carries no category of its own gets the one its kind implies, not a blanket "I/O".
            if let error = error as? any CategorizedError { throw error }
            throw MigrationFailure(category: FailureCategory.of(error), path: stores, message: "\(stores): \(error)")
        }
    }

    /// Digests the database and logs of each store, as they are now, on a thread of its own.
    private static func digestOriginals(_ jobs: [MigrationJob]) -> ConcurrentWork<[String: StampedDigest]> {
        let files = jobs.flatMap { job in
            StoreFileList.databaseAndLogs.map { StorePaths(storePath: job.storePath).storePath + $0 }
        }
        return ConcurrentWork {
            var digests: [String: StampedDigest] = [:]
            for file in files where StoreFileList.isFile(file) { digests[file] = StampedDigest.compute(file) }
            return digests
        }
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
    private func committed(
        _ jobs: [MigrationJob], _ run: String, _ started: Date, _ timings: [[RunRecord.Step]], _ detail: String?,
        _ backups: [BackupManifest], _ repairs: [String: RepairReport]
    ) -> [RunRecord] {
        report(
            .committed(
                backup: backups.first.map { BackupStore(root: options.backupRoot(for: $0.storePath)).folder(of: $0.id) },
                dryRun: false))
        do {
            return try record(jobs, run, started, timings, .succeeded, detail, backups, repairs)
        } catch {
            report(.log("warning: the stores were migrated, but the history log could not be written: \(error)"))
            return []
        }
    }

    /// After a swap failed part-way: recovers (finishes or undoes) it now rather than leaving the journal for
    /// the next run. Returns nil when recovery itself failed, leaving journal and temporaries for the next run.
    private func finishOrUndo(_ jobs: [MigrationJob], _ finals: [String]) -> Recovery.Outcome? {
        var outcome: Recovery.Outcome?
        for (job, final) in zip(jobs, finals) where !job.plan.steps.isEmpty {
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
