import MigrationEngine

/// The state of a migration run, folded from the engine's ``MigrationEvent`` stream.
public struct RunProgress: Sendable, Hashable {
    /// Whether this is a dry run (nothing is swapped in).
    public var dryRun: Bool
    /// The target version.
    public var target: String
    /// One entry per step of the chain.
    public var steps: [StepProgress]
    /// When the run started, on the console's monotonic clock (seconds).
    public var startedAt: Double
    /// When the run ended.
    public var finishedAt: Double?
    /// The entity being copied right now.
    public var currentEntity: String?
    /// The step being run right now.
    public var currentStep: Int?
    /// The last log lines, oldest first.
    public var log: [String] = []
    /// How the run ended, once it has.
    public var outcome: Outcome?
    /// Whether the user asked to abort and the engine has not stopped yet.
    public var abortRequested = false

    /// How many log lines are kept.
    public static let logLimit = 200

    /// Creates the progress of a run that is about to start.
    public init(dryRun: Bool, target: String, steps: [StepSummary], estimatedRows: Int, startedAt: Double) {
        self.dryRun = dryRun
        self.target = target
        self.steps = steps.map { StepProgress(summary: $0, estimatedRows: estimatedRows) }
        self.startedAt = startedAt
    }

    /// How a run ended.
    public enum Outcome: Sendable, Hashable {
        /// Committed (or, in a dry run, would have been), with the backup's path.
        case succeeded(backup: String?)
        /// Failed or aborted; the original store is unchanged.
        case failed(reason: String)
    }

    /// Folds one event into the progress; `now` is when the UI received it.
    public mutating func apply(_ event: MigrationEvent, at now: Double) {
        switch event {
        case .planReady(let summaries):
            let estimate = steps.first?.estimatedRows ?? 0
            if summaries != steps.map(\.summary) {
                steps = summaries.map { StepProgress(summary: $0, estimatedRows: estimate) }
            }
        case .stepStarted(let index, let step):
            guard steps.indices.contains(index) else { return }
            steps[index].summary = step
            steps[index].startedAt = now
            currentStep = index
            appendLog("step \(index + 1): \(step.from) → \(step.to) (\(step.kind == .inferred ? "inferred" : "mapping"))")
        case .entityProgress(let index, let entity, let done, let total):
            guard steps.indices.contains(index) else { return }
            if steps[index].startedAt == nil { steps[index].startedAt = now }
            steps[index].record(entity: entity, done: done, total: total)
            currentStep = index
            currentEntity = entity
        case .stepValidated(let index, let seconds):
            guard steps.indices.contains(index) else { return }
            steps[index].finishedAt = now
            if let started = steps[index].startedAt, now - started < seconds { steps[index].startedAt = now - seconds }
            appendLog("step \(index + 1) validated in \(TimeText.format(seconds))")
        case .log(let line):
            appendLog(line)
        case .recovered(_, let outcome):
            appendLog("recovered an interrupted migration: \(outcome.rawValue)")
        case .committed(let backup, _):
            outcome = .succeeded(backup: backup)
            finishedAt = now
            currentEntity = nil
        case .failed(let failure):
            let reason = failure.message
            outcome = .failed(reason: reason)
            finishedAt = now
            currentEntity = nil
            appendLog("failed: \(reason)")
        }
    }

    /// Seconds since the run started (frozen once it ended).
    public func elapsed(at now: Double) -> Double { (finishedAt ?? now) - startedAt }

    private mutating func appendLog(_ line: String) {
        log.append(line)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }
}
