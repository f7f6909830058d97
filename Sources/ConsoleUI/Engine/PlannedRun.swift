import MigrationEngine
import Synchronization

/// The plan the console last showed, kept with the stamp of the store's files when it was made, so that the
/// run the user confirms executes that very plan instead of reading the whole store again (the planner's
/// `quick_check` and counts) between the key and the first step.
///
/// The plan is reused only while the store's files are exactly as they were when it was made; the engine
/// itself still refuses to run it if the snapshot it takes is no longer at the plan's source version.
final class PlannedRun: Sendable {
    private struct Entry: Sendable {
        var planning: StorePlanning
        var stamp: StoreFileStamp
    }

    private let entry = Mutex<Entry?>(nil)

    /// Plans `store` to `target` with `project`, and remembers the result.
    func plan(_ project: MigrationProject, store: String, target: String) throws -> StorePlanning {
        // Stamped before reading: a write during planning changes the stamp and so is never mistaken for
        // the state that was planned.
        let stamp = StoreFileStamp(storePath: store)
        entry.withLock { $0 = nil }
        let planning = try project.plan(store: store, target: target)
        if let stamp { entry.withLock { $0 = Entry(planning: planning, stamp: stamp) } }
        return planning
    }

    /// The remembered plan of `store` to `target` while the store's files are unchanged since it was made.
    func reusable(store: String, target: String) -> StorePlanning? {
        guard let entry = entry.withLock({ $0 }), entry.planning.storePath == store, entry.planning.targetVersion == target,
            StoreFileStamp(storePath: store) == entry.stamp
        else { return nil }
        return entry.planning
    }
}
