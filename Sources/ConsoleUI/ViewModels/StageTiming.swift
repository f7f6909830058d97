/// When a stage of a run (snapshot, backup, swap) started and ended, on the run's clock.
public struct StageTiming: Sendable, Hashable {
    /// When it started, `nil` while waiting.
    public var startedAt: Double?
    /// When it ended.
    public var finishedAt: Double?

    /// A stage that has not started.
    public init() {}

    /// Marks the stage ended at `time` if it is running.
    public mutating func finish(at time: Double) {
        if startedAt != nil, finishedAt == nil { finishedAt = time }
    }

    /// Whether it is running now.
    public var isRunning: Bool { startedAt != nil && finishedAt == nil }
}
