import MigrationEngine

/// How far one step of a running chain has got, built up from progress events.
public struct StepProgress: Sendable, Hashable {
    /// What the step does.
    public var summary: StepSummary
    /// Rows the step is expected to handle, from the store's row counts, until it reports its own totals.
    public var estimatedRows: Int
    /// Per-entity rows done and total, in the order the entities were first reported.
    public var entities: [EntityCount] = []
    /// When the step started (seconds on the run's clock), `nil` while waiting.
    public var startedAt: Double?
    /// When it finished and validated.
    public var finishedAt: Double?

    /// Creates the progress of a step that has not started.
    public init(summary: StepSummary, estimatedRows: Int) {
        self.summary = summary
        self.estimatedRows = estimatedRows
    }

    /// Rows done so far.
    public var done: Int { finishedAt != nil ? total : entities.reduce(0) { $0 + $1.done } }

    /// Rows in all: what the entities reported, or the estimate while that is larger.
    public var total: Int { max(entities.reduce(0) { $0 + $1.total }, finishedAt != nil ? 0 : estimatedRows) }

    /// Records an entity's progress.
    public mutating func record(entity: String, done: Int, total: Int) {
        if let index = entities.firstIndex(where: { $0.entity == entity }) {
            entities[index].done = done
            entities[index].total = total
        } else {
            entities.append(EntityCount(entity: entity, done: done, total: total))
        }
    }

    /// Rows per second since the step started, `nil` before any row or time has passed.
    public func rate(at now: Double) -> Double? {
        guard let startedAt else { return nil }
        let elapsed = (finishedAt ?? now) - startedAt
        guard elapsed > 0.05, done > 0 else { return nil }
        return Double(done) / elapsed
    }

    /// Seconds left at the current rate, `nil` when unknown or finished.
    public func eta(at now: Double) -> Double? {
        guard finishedAt == nil, let rate = rate(at: now), rate > 0 else { return nil }
        return Double(max(0, total - done)) / rate
    }

    /// Rows of one entity.
    public struct EntityCount: Sendable, Hashable {
        /// The entity.
        public var entity: String
        /// Rows done.
        public var done: Int
        /// Rows in all.
        public var total: Int
    }
}
