import Foundation

/// Locking, recovery of earlier runs, cancellation checks and history records for ``ChainExecutor``.
extension ChainExecutor {
    func lockAll(_ jobs: [MigrationJob]) throws(ExecutionError) -> [StoreLock] {
        var locks: [StoreLock] = []
        for path in Set(jobs.map { StorePaths(storePath: $0.storePath).storePath }).sorted() {
            do {
                locks.append(try StoreLock(storePath: path))
            } catch {
                locks.forEach { $0.release() }
                throw error
            }
        }
        return locks
    }

    func recover(_ storePath: String, locked: Set<String>) throws {
        if let (_, outcome) = try Recovery.recoverIfNeeded(storePath: storePath, locked: locked) {
            report(.log("recovered an interrupted migration of \(storePath): \(outcome.rawValue)"))
        }
    }

    /// Marks every store as worked on by this run, so a kill is recorded and swept by the next run.
    func writeMarkers(_ jobs: [MigrationJob], run: String, started: Date) throws(ExecutionError) -> [RunMarker] {
        var markers: [RunMarker] = []
        for job in jobs {
            let marker = RunMarker(
                run: run, action: options.dryRun ? .dryRun : .migrate, started: started,
                backupRoot: options.backupRoot(for: job.storePath))
            try marker.write(beside: job.storePath)
            markers.append(marker)
        }
        return markers
    }

    func removeMarkers(_ markers: [RunMarker], _ jobs: [MigrationJob]) {
        for (marker, job) in zip(markers, jobs) {
            do {
                try marker.remove(beside: job.storePath)
            } catch {
                report(.log("warning: \(error); the next run removes it"))
            }
        }
    }

    /// Removes the backups of a run that failed before its swap: they hold nothing the store does not.
    func removeBackups(_ backups: [BackupManifest]) {
        for manifest in backups {
            let folder = BackupStore(root: options.backupRoot(for: manifest.storePath)).folder(of: manifest.id)
            do {
                try DurableFile.removeTree(folder)
            } catch {
                report(.log("warning: the unused backup could not be removed: \(error)"))
            }
        }
    }

    func checkCancelled() throws {
        // Waits here while the run is paused: between steps and before the backup and the swap.
        try options.cancellation.checkpoint()
    }

    /// Appends the run's record to each store's history log.
    func record(
        _ ledger: Ledger, result: RunRecord.Result, detail: String?, backups: [BackupManifest],
        repairs: [String: RepairReport]
    ) throws -> [RunRecord] {
        var records: [RunRecord] = []
        for (job, steps) in zip(ledger.jobs, ledger.timings) {
            let backup = backups.first { $0.storePath == StorePaths(storePath: job.storePath).storePath }
            var record = RunRecord(
                run: ledger.run, action: options.dryRun ? .dryRun : .migrate,
                storePath: StorePaths(storePath: job.storePath).storePath, started: ledger.started, finished: Date(),
                from: job.plan.from, to: job.plan.to, steps: steps, result: result, detail: detail, backup: backup?.id)
            record.repairs = repairs[job.storePath]
            try RunHistory(root: options.backupRoot(for: job.storePath)).append(record)
            records.append(record)
        }
        return records
    }
}
