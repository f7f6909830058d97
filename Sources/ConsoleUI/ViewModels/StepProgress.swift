import MigrationEngine

/// How far one step of a running chain has got, built up from progress events.
package struct StepProgress: Sendable, Hashable {
    /// What the step does.
    package var summary: StepSummary
    /// Whether the planner says the step loses data.
    package var isLossy: Bool
    /// The rows the step copies in all, as the engine reported once it had read its source; `nil` before
    /// (the total is never guessed, so it never jumps).
    package var totalRows: Int?
    /// Per-entity rows done and total, in the order the entities were first reported.
    package var entities: [EntityCount] = []
    /// When the step started (seconds on the run's clock), `nil` while waiting.
    package var startedAt: Double?
    /// When its result started being validated.
    package var validationStartedAt: Double?
    /// When it finished and validated.
    package var finishedAt: Double?
    /// The copy rate of the entity being copied, smoothed; each entity has its own pace (a bulk copy and one
    /// that evaluates expressions differ a hundredfold), so it starts afresh with each.
    package var rate = RateEstimate()
    /// The entity `rate` measures.
    var rateEntity: String?

    /// Creates the progress of a step that has not started.
    package init(summary: StepSummary, isLossy: Bool = false) {
        self.summary = summary
        self.isLossy = isLossy
    }

    /// Rows done so far; a validated step has done them all.
    package var done: Int {
        let counted = entities.reduce(0) { $0 + $1.done }
        return finishedAt != nil ? max(counted, totalRows ?? 0) : counted
    }

    /// The rows in all, once known: the engine's figure, or what was done once the step has finished.
    package var total: Int? { totalRows ?? (finishedAt != nil ? done : nil) }

    /// The step's phase, for the run view.
    package var phase: Phase {
        if finishedAt != nil { return .finished }
        if validationStartedAt != nil { return .validating }
        if startedAt == nil { return .waiting }
        if let total, done >= total { return .finishing }
        return .copying
    }

    /// Where a step is.
    package enum Phase: Sendable, Hashable {
        /// Not started.
        case waiting
        /// Copying or mapping rows.
        case copying
        /// Every row copied; the step is completing its store (relationships, indexes) before validation.
        case finishing
        /// The result is being checked.
        case validating
        /// Validated.
        case finished
    }

    /// Records an entity's progress.
    package mutating func record(entity: String, done: Int, total: Int, at time: Double) {
        if let index = entities.firstIndex(where: { $0.entity == entity }) {
            entities[index].done = done
            entities[index].total = total
        } else {
            entities.append(EntityCount(entity: entity, done: done, total: total))
        }
        if rateEntity != entity {
            rate = RateEstimate()
            rateEntity = entity
        }
        rate.record(done: done, at: time)
    }

    /// Seconds left of the entity being copied at its smoothed rate; `nil` until the rate is known.
    package func entityEta(at now: Double) -> Double? {
        guard phase == .copying, let entity = rateEntity, let count = entities.first(where: { $0.entity == entity })
        else { return nil }
        return rate.remaining(total: count.total, at: now)
    }

    /// Seconds left of the step's copy: only once the entity being copied is the last work of the step, since
    /// the pace of entities not started yet cannot be known; `nil` until then.
    package func eta(at now: Double) -> Double? {
        guard let total, entities.reduce(0, { $0 + $1.total }) >= total else { return nil }
        return entityEta(at: now)
    }

    /// Rows of one entity.
    package struct EntityCount: Sendable, Hashable {
        /// The entity.
        package var entity: String
        /// Rows done.
        package var done: Int
        /// Rows in all.
        package var total: Int
    }
}
