import Foundation

/// Runs one store's chain into temporaries beside it: each step reads the previous result (the first reads
/// a snapshot of the original, `-wal` included), writes a fresh file with the original's permissions, and is
/// validated before the next starts. Only the final temporary survives; the caller owns it.
struct ChainRunner {
    let job: MigrationJob
    let run: String
    let options: ExecutionOptions
    let report: @Sendable (MigrationEvent) -> Void

    /// The validated final store of a chain, flushed to disk.
    struct Outcome {
        /// The final temporary.
        var path: String
        /// Its digest, taken on the other core while it was validated (nil if the file changed since, or on a
        /// dry run, which swaps nothing in).
        var digest: StampedDigest?
        /// What was repaired in the source's copy before the first step (see ``ExecutionOptions/brokenObjects``).
        var repairs: RepairReport?
        /// The objects set aside, to publish beside the store once it is swapped (or discard).
        var sideStore: SetAsideStore?
        /// A real run's snapshot of the store, kept for its backup (nil on a dry run, which backs up nothing).
        var snapshot: HeldSnapshot?
    }

    /// The validated final store and each step's time; throws after removing every temporary it made.
    func execute(_ timings: inout [RunRecord.Step]) throws -> Outcome {
        let paths = StorePaths(storePath: job.storePath)
        // The snapshot lives beside the store under the run's name, so a killed run leaves it where the next
        // run's sweep finds it (not in the system temporary folder).
        let folder = paths.snapshotFolder(run: run)
        guard mkdir(folder, 0o700) == 0 else {
            throw ExecutionError(
                .io, path: folder, message: "cannot create the snapshot folder: \(String(cString: strerror(errno)))")
        }
        // Handed to the caller by a real run that succeeds; removed here otherwise.
        var held: HeldSnapshot?
        var taken: StoreSnapshot?
        defer { if held == nil { HeldSnapshot.remove(folder, snapshot: taken, report: report) } }
        report(.stageStarted(.snapshot))
        // A real run hashes the files as the snapshot copies them, so the copies can become its backup.
        var snapshotOptions = options.snapshot
        snapshotOptions.digestsCopies = !options.dryRun
        let snapshot = try StoreSnapshot.take(of: job.storePath, in: URL(fileURLWithPath: folder), options: snapshotOptions)
        taken = snapshot
        // Repairs change the private copy only, before anything reads it: every step, count and check after
        // them sees the repaired store.
        let repaired = try repairSource(snapshot)
        // Planning left the store's quick_check to the run: it reads the snapshot on the other core while the
        // steps run and are validated, and is waited for before the run backs up or swaps anything. An inferred
        // first step may rename in place and make it redundant (see SourcePageCoverage): it is started when
        // that step says it cannot, or when the run fails and damage must be told from the failure.
        let integrity =
            job.checksIntegrity
            ? SourceIntegrityCheck(
                snapshot, cancellation: options.cancellation, deferred: job.plan.steps.first?.kind == .inferred) : nil
        defer { integrity?.wait() }
        do {
            var outcome = try execute(from: snapshot, integrity: integrity, &timings)
            outcome.repairs = repaired?.repairs ?? outcome.repairs
            outcome.sideStore = repaired?.sideStore
            integrity?.wait()
            if !options.dryRun { held = HeldSnapshot(folder: folder, snapshot: snapshot) }
            outcome.snapshot = held
            return outcome
        } catch {
            repaired?.sideStore.discard()
            throw RunFileNames(job: job, run: run, snapshot: snapshot.path).userFacing(
                explained(integrity?.failure(over: error) ?? error, snapshot))
        }
    }

    /// With ``ExecutionOptions/brokenObjects`` `.repair`, repairs the objects of the snapshot (the run's
    /// private copy) that break the store's version, reporting every change; nil otherwise.
    private func repairSource(_ snapshot: StoreSnapshot) throws -> (repairs: RepairReport, sideStore: SetAsideStore)? {
        guard options.brokenObjects == .repair, let first = job.plan.steps.first else { return nil }
        let model = try first.makeStep().sourceModel
        // Under the run's own prefix until published, so a killed run's is swept like its temporaries (the
        // objects are in the backup as well).
        let sideStore = try SetAsideStore(
            path: SetAsideStore.path(beside: job.storePath, run: run), store: job.storePath,
            temporary: StorePaths(storePath: job.storePath).prefix + "\(run)-set-aside.sqlite")
        do {
            let queue = try HardenedConnection.open(snapshot.path)
            var repairs = try queue.write { db in
                try BrokenObjects.reading(db, model: model).repair(db, sideStore: sideStore, recorded: model)
            }
            try queue.close()
            // A dry run keeps nothing, the side store included.
            if options.dryRun { repairs.sideStore = nil }
            report(.repaired(store: job.storePath, repairs: repairs))
            return (repairs, sideStore)
        } catch {
            sideStore.discard()
            throw error
        }
    }

    /// A step that failed on the store's own objects: the first object breaking the source's version and the
    /// rule it breaks, instead of the step's or validator's words about a temporary file.
    private func explained(_ error: any Error, _ snapshot: StoreSnapshot) -> any Error {
        guard let failure = error as? ExecutionError, failure.code == .validationFailed || failure.code == .stepFailed,
            let first = job.plan.steps.first
        else { return error }
        do {
            let step = try first.makeStep()
            let queue = try snapshot.openReadOnly()
            defer { try? queue.close() }
            // A bookkeeping repair raised Z_MAX in its result: the source's low Z_MAX is not why it failed.
            return try queue.read {
                BrokenObjects.diagnose(
                    $0, model: step.sourceModel, store: job.storePath, checksMax: step.bookkeeping.isTrusted)
            } ?? error
        } catch {
            return error
        }
    }

    /// What the chain has made so far, carried from one step to the next.
    private struct Progress {
        /// The snapshot of the original, which the chain's owner removes.
        let snapshot: String
        /// The store the next step reads: the snapshot, then each step's validated result.
        var source: String
        /// Every temporary made, removed if the chain fails.
        var made: [String] = []
        /// The rows the next step's source holds, when the previous step's validation counted them.
        var sourceCounts: EntityRows.Counts?
        /// Whether the first step's result, checked in full, stands for the source's check (SourcePageCoverage).
        var sourceCovered = false
        /// The final store's digest, for the swap journal.
        var digest: StampedDigest?
        /// What a bookkeeping repair step changed, for the run's record.
        var bookkeepingRepairs: RepairReport?
    }

    /// Runs the chain from `snapshot`; `integrity`, when given, is the source's check running beside it.
    private func execute(from snapshot: StoreSnapshot, integrity: SourceIntegrityCheck?, _ timings: inout [RunRecord.Step])
        throws -> Outcome
    {
        if snapshot.writeAheadLog.losesCommittedData {
            report(.log("warning: \(job.storePath): \(snapshot.writeAheadLog.summary); accepted as the run was told to"))
        }
        let passes = job.plan.passes
        // The first pass's step is made once, for the check below and to run: a fused first pass's own steps
        // are never made (each is a whole inference of its versions for nothing).
        let first = try passes.first?.step.makeStep()
        try checkStillAtStart(snapshot, first: first)
        var progress = Progress(snapshot: snapshot.path, source: snapshot.path)
        do {
            for (position, pass) in passes.enumerated() {
                try checkCancelled()
                let step = try (position == 0 ? first : nil) ?? pass.step.makeStep()
                try runStep(pass.steps, pass.step, step, integrity: integrity, &progress, &timings)
            }
            // The source's check runs on beside validation, which only reads what the steps made; a damaged
            // source is refused here, before the run can back up or swap anything. A first step's result that
            // passed integrity_check while covering the source (see SourcePageCoverage) shows it sound already.
            if !progress.sourceCovered { try integrity?.verdict() }
        } catch {
            progress.made.forEach(TemporaryFile.remove)
            throw error
        }
        return Outcome(path: progress.source, digest: progress.digest, repairs: progress.bookkeepingRepairs)
    }

    /// Runs the plan's steps `indices` (one, or several fused into `candidate`, made as `step`) from `progress.source` into a
    /// new temporary, validates it, and makes it the source of the next pass. A fused pass reports each of its
    /// steps started and validated together, and says that they ran as one; its rows' progress is the first's.
    private func runStep(
        _ indices: ClosedRange<Int>, _ candidate: StepCandidate, _ step: any MigrationStep,
        integrity: SourceIntegrityCheck?, _ progress: inout Progress, _ timings: inout [RunRecord.Step]
    ) throws {
        let index = indices.lowerBound
        let destination = StorePaths(storePath: job.storePath).temporary(run: run, step: index)
        if let problem = SQLitePathLimit.problem(destination) {
            throw ExecutionError(.io, path: job.storePath, message: "cannot make the step's new store: \(problem)")
        }
        progress.made.append(destination)
        if indices.count > 1 { report(.log(Self.fusedLine(indices, candidate))) }
        for planned in indices { report(.stepStarted(index: planned, step: job.plan.steps[planned].summary)) }
        timings.append(.init(from: candidate.from, to: candidate.to, kind: candidate.kind, seconds: nil))
        let started = Date()
        let isLast = indices.upperBound == job.plan.steps.count - 1
        // Computed once: a mapped step derives it from its resolved mappings on every read.
        let counting = step.counting
        let counted = countSource(of: step, counting, progress)
        do {
            var context = StepContext(
                sourcePath: progress.source, destinationPath: destination, index: index, report: report,
                cancellation: integrity?.stepCancellation ?? options.cancellation)
            context.knownRowCounts = counted.known?.byTable
            let written = WrittenRows()
            context.written = written
            if index == 0, let integrity, !integrity.isStarted {
                context.sourcePages = SourcePageCoverage(whenNotCovered: { integrity.start() })
            }
            try perform(step, context, candidate, flushingAsWritten: isLast && !options.dryRun)
            if case .rewritten(let changes) = step.bookkeeping {
                let repairs = changes()
                progress.bookkeepingRepairs = repairs
                report(.repaired(store: job.storePath, repairs: repairs))
            }
            if index == 0 {
                progress.sourceCovered = context.sourcePages?.isCovered == true
                if !progress.sourceCovered { integrity?.start() }
            }
            try checkCancelled()
            try counted.recount?.confirm()
            // The store that stands for the source's check gets the full check too, last step or not.
            let checksIntegrity = isLast || (index == 0 && progress.sourceCovered)
            try validate(
                step, counting: counting, index: indices.upperBound, result: destination, from: progress.source,
                known: counted.known, written: written, checksIntegrity: checksIntegrity, isLast: isLast,
                progress: &progress)
        } catch {
            throw counted.recount?.failure(over: error) ?? error
        }
        let seconds = Date().timeIntervalSince(started)
        timings[timings.count - 1].seconds = seconds
        for planned in indices { report(.stepValidated(index: planned, seconds: seconds)) }
        if progress.source != progress.snapshot { TemporaryFile.remove(progress.source) }
        progress.source = destination
    }

    /// The rows of the step's source, as its ``MigrationStep/counting`` asks them read, and for a step held to
    /// some counts only the row-by-row read of the rest running beside it.
    ///
    /// Each step's expected counts come from the rows its source was found to hold: the snapshot is counted
    /// once, and every later source is the store the previous step's validation just counted. A source that
    /// cannot be counted is left for the step to refuse in its own words; the count at validation then fails
    /// with the validator's.
    private func countSource(of step: any MigrationStep, _ counting: StepCounting, _ progress: Progress) -> (
        known: EntityRows.Counts?, recount: SourceRowCount?
    ) {
        if let counts = progress.sourceCounts { return (counts, nil) }
        do {
            switch counting {
            case .everyCarriedEntity:
                return (try CountExpectation.sourceCounts(step.sourceModel, progress.source, reading: .whole), nil)
            case .someEntities:
                let recount = try SourceRowCount(step.sourceModel, progress.source, held: counting.heldSources)
                return (recount.whole, recount)
            case .none:
                return (nil, nil)
            }
        } catch {
            return (nil, nil)
        }
    }

    /// Validates the step's result against its destination version and the counts its source gives it;
    /// the final store is flushed and digested meanwhile, and every result gets the original's permissions.
    private func validate(
        _ step: any MigrationStep, counting: StepCounting, index: Int, result destination: String, from source: String,
        known: EntityRows.Counts?, written: WrittenRows, checksIntegrity: Bool, isLast: Bool, progress: inout Progress
    ) throws {
        report(.stageStarted(.validation(step: index)))
        // Steps write without waiting for the disk; the store that will be swapped in is flushed once, and
        // digested for the swap journal, on the other core while it is validated here: validation only reads
        // it, and the digest counts only if the file's stamp is unchanged when it is used. A dry run swaps
        // nothing in: its final store is neither flushed nor digested.
        let flushing = isLast && !options.dryRun ? Self.flushAndDigest(destination) : nil
        do {
            let counts: EntityRows.Counts? =
                if case .none = counting { nil } else {
                    try known ?? CountExpectation.sourceCounts(step.sourceModel, source)
                }
            // SQLite's integrity check reads every page: it runs once, on the store that will be swapped in. An
            // intermediate store is still checked for everything else before the next step reads it. Tables the
            // step's statements are known to have written whole are not read row by row again (see
            // WrittenRows); their counts still have to equal the ones expected.
            progress.sourceCounts = try StoreValidator(model: step.destinationModel).validateCounting(
                destination, expectedCounts: counts.map { counting.expected(from: $0.byEntity) } ?? [:],
                checksIntegrity: checksIntegrity, written: written.recorded)
            if isLast { report(.log(Self.integrityCheckedLine)) }
            TemporaryFile.removeSidecars(of: destination)
            // The original's permissions; owner-writable until the last step so the next step can open it.
            try TemporaryFile.matchPermissions(destination, of: job.storePath, ownerWritable: !isLast)
        } catch {
            flushing?.wait()
            throw error
        }
        if let flushing { progress.digest = try flushing.value() }
    }

    /// Runs one step; the store that will be swapped in goes to disk while the step writes it (see
    /// ``TrailingFlush``), so its flush after validation finds little left to write.
    private func perform(
        _ step: any MigrationStep, _ context: StepContext, _ candidate: StepCandidate, flushingAsWritten: Bool
    ) throws {
        let trailing = flushingAsWritten ? TrailingFlush(path: context.destinationPath) : nil
        defer { trailing?.stop() }
        do {
            try step.perform(context)
        } catch let error as MigrationCancelled {
            throw error
        } catch let error as ExecutionError {
            throw error
        } catch {
            throw ExecutionError(
                .stepFailed, path: job.storePath, message: "step \(candidate.from) → \(candidate.to) failed: \(error)")
        }
    }

    /// Flushes the final store to disk and digests it, each on a thread of its own: the flush waits for the
    /// disk, the digest reads the same pages from memory meanwhile.
    private static func flushAndDigest(_ path: String) -> ConcurrentWork<StampedDigest?> {
        let flush = ConcurrentWork { try DurableFile.sync(path) }
        return ConcurrentWork {
            let digest = StampedDigest.compute(path)
            try flush.value()
            return digest
        }
    }

    /// The log line of a fused pass: which steps run as one, and that the rows are copied once.
    static func fusedLine(_ indices: ClosedRange<Int>, _ candidate: StepCandidate) -> String {
        "steps \(indices.lowerBound + 1)–\(indices.upperBound + 1) run as one inferred step, \(candidate.from) → "
            + "\(candidate.to), in one pass over the rows"
    }

    /// The log line reported once per store, when its final store passed SQLite's `integrity_check`.
    static let integrityCheckedLine = "integrity_check: the migrated store is intact"

    /// The plan was made before the store was locked: refuse to run it if the store has moved on since.
    /// `first` is the chain's first step as it runs (several fused into one start from the same version).
    private func checkStillAtStart(_ snapshot: StoreSnapshot, first: (any MigrationStep)?) throws {
        guard let step = first else { return }
        // A bookkeeping repair runs because the recorded hashes are wrong; the validation of its result
        // against the version the store's tables fit stands for this check.
        guard step.bookkeeping.isTrusted else { return }
        let model = step.sourceModel
        let hashes = try snapshot.openReadOnly().read { try StoreMetadata.read($0, path: job.storePath).versionHashes }
        guard hashes == VersionHasher(model: model).entityHashes else {
            throw ExecutionError(
                .validationFailed, path: job.storePath,
                message: "the store is no longer at \(model.name), the version it was planned from; plan again")
        }
    }

    private func checkCancelled() throws {
        // Waits here while the run is paused: between steps and before the backup and the swap.
        try options.cancellation.checkpoint()
    }
}
