extension MigrationEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case event, steps, index, step, entity, done, total, seconds, message, store, outcome, backup, dryRun, reason
        case category, path, rows, stage, repairs
    }

    /// One flat object per event, named by `event` (`planReady`, `stepStarted`, …), as scripts read them.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .planReady(let steps):
            try container.encode("planReady", forKey: .event)
            try container.encode(steps, forKey: .steps)
        case .stepStarted(let index, let step):
            try container.encode("stepStarted", forKey: .event)
            try container.encode(index, forKey: .index)
            try container.encode(step, forKey: .step)
        case .stepRows(let index, let rows):
            try container.encode("stepRows", forKey: .event)
            try container.encode(index, forKey: .index)
            try container.encode(rows, forKey: .rows)
        case .stageStarted(let stage):
            try container.encode("stageStarted", forKey: .event)
            try container.encode(stage.name, forKey: .stage)
            if case .validation(let step) = stage { try container.encode(step, forKey: .index) }
        case .entityProgress(let index, let entity, let done, let total):
            try container.encode("entityProgress", forKey: .event)
            try container.encode(index, forKey: .index)
            try container.encode(entity, forKey: .entity)
            try container.encode(done, forKey: .done)
            try container.encode(total, forKey: .total)
        case .stepValidated(let index, let seconds):
            try container.encode("stepValidated", forKey: .event)
            try container.encode(index, forKey: .index)
            try container.encode(seconds, forKey: .seconds)
        case .log(let message):
            try container.encode("log", forKey: .event)
            try container.encode(message, forKey: .message)
        case .recovered(let store, let outcome):
            try container.encode("recovered", forKey: .event)
            try container.encode(store, forKey: .store)
            try container.encode(outcome, forKey: .outcome)
        case .repaired(let store, let repairs):
            try container.encode("repaired", forKey: .event)
            try container.encode(store, forKey: .store)
            try container.encode(repairs, forKey: .repairs)
        case .committed(let backup, let dryRun):
            try container.encode("committed", forKey: .event)
            try container.encode(backup, forKey: .backup)
            try container.encode(dryRun, forKey: .dryRun)
        case .failed(let failure):
            try container.encode("failed", forKey: .event)
            try container.encode(failure.message, forKey: .reason)
            try container.encode(failure.category, forKey: .category)
            try container.encodeIfPresent(failure.file, forKey: .path)
        }
    }
}
