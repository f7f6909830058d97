import MigrationEngine

/// What the console asks of the planner and executor: a plan to a target, and running it.
///
/// ``plan(storePath:target:)`` runs off the UI thread (a long history takes seconds to plan), ``migrate`` on the
/// console's engine thread, reporting through `report`; which is why implementations must be `Sendable`.
package protocol ConsolePlanner: Sendable {
    /// Plans the chain from the store's version to `target`; a plan with lossy steps comes with its loss
    /// not yet counted (``PlanInfo/LossCount/counting``), so it is shown at once.
    func plan(storePath: String, target: String) throws -> PlanInfo
    /// The plan to `target` with what its lossy steps drop counted in the store, as `cdmigrate plan` counts
    /// it: a read of the store's values, which runs off the UI thread after the plan is shown.
    func countingLoss(storePath: String, target: String) throws -> PlanInfo
    /// Runs (or dry-runs) the plan to `target`; throws when it fails or is cancelled (the original untouched).
    func migrate(
        storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
        cancellation: CancellationFlag) throws
}
