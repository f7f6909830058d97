/// When a stage of a run (snapshot, backup, swap) started and ended, on the run's clock.
package struct StageTiming: Sendable, Hashable {
    /// When it started, `nil` while waiting.
    package var startedAt: Double?
    /// When it ended.
    package var finishedAt: Double?

    /// A stage that has not started.
    package init() {}

    /// Marks the stage ended at `time` if it is running.
    package mutating func finish(at time: Double) {
        if startedAt != nil, finishedAt == nil { finishedAt = time }
    }

    /// Whether it is running now.
    package var isRunning: Bool { startedAt != nil && finishedAt == nil }
}
