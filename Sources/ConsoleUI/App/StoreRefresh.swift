import Foundation
import MigrationEngine

/// A store read (opened, reloaded, or read again after a migration) and its plan to the target, made off the
/// UI thread: the console draws at once (after a run, the result screen), and the header, versions and plan
/// follow when the store has been read.
final class StoreRefresh: Sendable {
    /// What the thread found.
    struct Outcome: Sendable {
        /// The store read.
        var path: String
        /// The store and its model's versions, or why it could not be read.
        var loaded: Result<LoadedStore, any Error>
        /// The target planned to, if any.
        var target: String?
        /// The plan to ``target``, or why there is none; nil when nothing was planned.
        var plan: Result<PlanInfo, any Error>?
    }

    private let job: BackgroundJob<Outcome>

    /// Reads `path` (integrity-checked only with `checksIntegrity`) and plans it to `target`, or to the
    /// model's current version when `target` is nil, as `mode` says.
    init(
        path: String, checksIntegrity: Bool, target: String?, source: any ConsoleDataSource,
        planner: (any ConsolePlanner)?, mode: WorkMode = .thread
    ) {
        job = BackgroundJob(mode, name: "cdmigrate-refresh") {
            let loaded = Result { try source.loadStore(at: path, checksIntegrity: checksIntegrity) }
            var planned: String?
            var plan: Result<PlanInfo, any Error>?
            if case .success(let store) = loaded, let planner, let goal = target ?? store.defaultTarget {
                planned = goal
                plan = Result { try planner.plan(storePath: path, target: goal) }
            }
            return Outcome(path: path, loaded: loaded, target: planned, plan: plan)
        }
    }

    /// The outcome once the work has finished, taken once.
    func take() -> Outcome? { job.take() }
}
