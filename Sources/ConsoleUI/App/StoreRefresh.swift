import Foundation
import MigrationEngine
import Synchronization

/// The store read again after a migration, and its plan to the target, made on a thread of its own: the
/// result screen shows as soon as the engine has finished, and the header, versions and plan follow when
/// the store has been read.
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

    private let outcome = Mutex<Outcome?>(nil)

    /// Reads `path` (integrity-checked only with `checksIntegrity`) and plans it to `target`, or to the
    /// model's current version when `target` is nil, on a new thread.
    init(
        path: String, checksIntegrity: Bool, target: String?, source: any ConsoleDataSource,
        planner: (any ConsolePlanner)?
    ) {
        let thread = Thread { [self] in
            let loaded = Result { try source.loadStore(at: path, checksIntegrity: checksIntegrity) }
            var planned: String?
            var plan: Result<PlanInfo, any Error>?
            if case .success(let store) = loaded, let planner, let goal = target ?? store.defaultTarget {
                planned = goal
                plan = Result { try planner.plan(storePath: path, target: goal) }
            }
            self.outcome.withLock { $0 = Outcome(path: path, loaded: loaded, target: planned, plan: plan) }
        }
        thread.name = "cdmigrate-refresh"
        thread.start()
    }

    /// The outcome once the thread has finished, taken once.
    func take() -> Outcome? {
        outcome.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }
}
