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
        if let (journal, outcome) = try Recovery.recoverIfNeeded(storePath: storePath, locked: locked) {
            report(.log("recovered an interrupted migration of \(storePath): \(outcome.rawValue)"))
            try RunHistory(root: options.backupRoot(for: storePath)).append(RunRecord(
                run: journal.run, action: .recover, storePath: storePath, started: journal.started, finished: Date(),
                from: nil, to: nil, steps: [], result: .succeeded, detail: outcome.rawValue, backup: nil))
        }
        StorePaths(storePath: storePath).leftovers().forEach { try? FileManager.default.removeItem(atPath: $0) }
        BackupStore(root: options.backupRoot(for: storePath)).removePartialBackups()
    }

    func checkCancelled() throws {
        if options.cancellation.isCancelled { throw MigrationCancelled() }
    }

    func record(
        _ jobs: [MigrationJob], _ run: String, _ started: Date, _ timings: [[RunRecord.Step]],
        _ result: RunRecord.Result, _ detail: String?, _ backups: [BackupManifest]
    ) throws -> [RunRecord] {
        var records: [RunRecord] = []
        for (job, steps) in zip(jobs, timings) {
            let backup = backups.first { $0.storePath == StorePaths(storePath: job.storePath).storePath }
            let record = RunRecord(
                run: run, action: options.dryRun ? .dryRun : .migrate, storePath: StorePaths(storePath: job.storePath).storePath,
                started: started, finished: Date(), from: job.plan.from, to: job.plan.to, steps: steps,
                result: result, detail: detail, backup: backup?.id)
            try RunHistory(root: options.backupRoot(for: job.storePath)).append(record)
            records.append(record)
        }
        return records
    }
}
