import MigrationEngine

/// The state of a migration run, folded from the engine's ``MigrationEvent`` stream: each stage (snapshot,
/// each step's copy and validation, backup, swap) with its own timing.
package struct RunProgress: Sendable, Hashable {
    /// Whether this is a dry run (nothing is swapped in).
    package var dryRun: Bool
    /// The version the store is at.
    package var source: String
    /// The target version.
    package var target: String
    /// One entry per step of the chain.
    package var steps: [StepProgress]
    /// The snapshot of the store the first step reads.
    package var snapshot = StageTiming()
    /// The backup of the original.
    package var backup = StageTiming()
    /// The swap that puts the migrated store in place.
    package var swap = StageTiming()
    /// When the run started, on the console's monotonic clock (seconds).
    package var startedAt: Double
    /// When the run ended.
    package var finishedAt: Double?
    /// What the run is doing now; `nil` before the first stage and once it ended.
    package var activity: RunActivity?
    /// The last log lines, oldest first.
    package var log: [String] = []
    /// How the run ended, once it has.
    package var outcome: Outcome?
    /// Whether the user asked to abort and the engine has not stopped yet.
    package var abortRequested = false
    /// When the run was paused (the abort question is open), on the console's clock; `nil` while it runs.
    package private(set) var pausedAt: Double?
    /// Seconds the run spent paused before now, left out of its clock.
    package private(set) var pausedTotal = 0.0

    /// How many log lines are kept.
    package static let logLimit = 200

    /// Creates the progress of a run of `plan` that is about to start.
    package init(dryRun: Bool, plan: PlanInfo, startedAt: Double) {
        self.dryRun = dryRun
        source = plan.source
        target = plan.target
        steps = plan.steps.map { StepProgress(summary: $0.summary, isLossy: $0.isLossy) }
        self.startedAt = startedAt
    }

    /// How a run ended.
    package enum Outcome: Sendable, Hashable {
        /// Committed (or, in a dry run, would have been), with the backup's path.
        case succeeded(backup: String?)
        /// Failed or aborted; the original store is unchanged.
        case failed(reason: String)
    }

    /// The steps as planned, for the chain graph.
    package var plannedSteps: [PlanStep] { steps.map { PlanStep(summary: $0.summary, isLossy: $0.isLossy) } }

    /// The run's clock at the console's time `now`: the console's clock less the time the run spent paused,
    /// and stopped while it is paused. Every time the progress keeps is on this clock, so a question left open
    /// for a minute neither adds a minute to the elapsed time nor drags the rate and the ETA down.
    package func time(at now: Double) -> Double { (pausedAt ?? now) - pausedTotal }

    /// The run stops at its next batch while the abort question is open.
    package mutating func pause(at now: Double) {
        guard pausedAt == nil, outcome == nil else { return }
        pausedAt = now
    }

    /// The run goes on: the time it spent paused leaves its clock.
    package mutating func resume(at now: Double) {
        guard let pausedAt else { return }
        pausedTotal += max(0, now - pausedAt)
        self.pausedAt = nil
    }

    /// Folds one event into the progress; `consoleTime` is when the UI received it, on the console's clock.
    package mutating func apply(_ event: MigrationEvent, at consoleTime: Double) {
        let now = time(at: consoleTime)
        switch event {
        case .planReady(let summaries):
            if summaries != steps.map(\.summary) {
                let lossy = Dictionary(steps.map { ($0.summary, $0.isLossy) }, uniquingKeysWith: { first, _ in first })
                steps = summaries.map { StepProgress(summary: $0, isLossy: lossy[$0] ?? false) }
            }
        case .stageStarted(let stage): begin(stage, at: now)
        case .stepStarted(let index, let step):
            guard steps.indices.contains(index) else { return }
            snapshot.finish(at: now)
            steps[index].summary = step
            steps[index].startedAt = now
            activity = .copying(step: index, entity: nil)
            appendLog("step \(index + 1): \(step.from) → \(step.to) (\(step.kind.word))")
        case .stepRows(let index, let rows):
            // The first figure stands: a step's total never changes under the user's eyes.
            guard steps.indices.contains(index), steps[index].totalRows == nil else { return }
            steps[index].totalRows = rows
        case .entityProgress(let index, let entity, let done, let total):
            guard steps.indices.contains(index) else { return }
            if steps[index].startedAt == nil { steps[index].startedAt = now }
            steps[index].record(entity: entity, done: done, total: total, at: now)
            activity = .copying(step: index, entity: entity)
        case .stepValidated(let index, let seconds):
            guard steps.indices.contains(index) else { return }
            steps[index].finishedAt = now
            if let started = steps[index].startedAt, now - started < seconds { steps[index].startedAt = now - seconds }
            appendLog("step \(index + 1) validated in \(TimeText.format(seconds))")
        case .log(let line):
            appendLog(line)
        case .recovered(_, let outcome):
            appendLog("recovered an interrupted migration: \(outcome.rawValue)")
        case .repaired(_, let repairs):
            appendLog("repaired \(repairs.total) object change(s), \(repairs.setAside) set aside")
        case .committed(let backupPath, _):
            swap.finish(at: now)
            outcome = .succeeded(backup: backupPath)
            end(at: now)
        case .failed(let failure):
            let reason = RemedyWords.line(failure.message, remedy: failure.remedy)
            outcome = .failed(reason: reason)
            end(at: now)
            appendLog("failed: \(reason)")
        }
    }

    private mutating func begin(_ stage: RunStage, at now: Double) {
        switch stage {
        case .snapshot:
            snapshot.startedAt = now
            activity = .snapshot
        case .validation(let step):
            guard steps.indices.contains(step) else { return }
            steps[step].validationStartedAt = now
            activity = .validating(step: step)
        case .backup:
            backup.startedAt = now
            activity = .backup
        case .swap:
            backup.finish(at: now)
            swap.startedAt = now
            activity = .swap
        }
    }

    private mutating func end(at now: Double) {
        finishedAt = now
        activity = nil
    }

    /// Seconds the run has been running at the console's time `now` (frozen while paused and once it ended).
    package func elapsed(at now: Double) -> Double { (finishedAt ?? time(at: now)) - startedAt }

    /// What the run is doing now, in words (`step 2 of 3 · copying Post (50,000 of 200,000)`).
    package var activityText: String? {
        switch activity {
        case nil: return nil
        case .snapshot: return "taking a snapshot of the store (its -wal included)"
        case .copying(let index, let entity):
            let step = "step \(index + 1) of \(steps.count) · "
            guard let entity, let count = steps[index].entities.first(where: { $0.entity == entity }) else {
                return step + "reading the source"
            }
            if steps[index].phase == .finishing { return step + "completing the store (relationships, indexes)" }
            return step + "copying \(entity) (\(NumberText.grouped(count.done)) of \(NumberText.grouped(count.total)))"
        case .validating(let index): return "step \(index + 1) of \(steps.count) · validating the result"
        case .backup: return "backing up the original store"
        case .swap: return "putting the migrated store in place"
        }
    }

    private mutating func appendLog(_ line: String) {
        log.append(line)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }
}
