import ConsoleUI
import Foundation
import MigrationEngine

/// The console's planner: the same planning as `cdmigrate plan` (``PlanningOptions``: project file, mapping
/// directories, inference) and the same executor as `cdmigrate migrate`.
struct ConsoleEnginePlanner: ConsolePlanner {
    /// The `--model` / `--mappings` arguments, parsed again for each use (option groups are not `Sendable`).
    let arguments: [String]

    /// A planner for a model and extra mapping directories.
    init(modelPath: String, mappingDirectories: [String]) {
        arguments = ["--model", modelPath] + mappingDirectories.flatMap { ["--mappings", $0] }
    }

    private func planning(store: String, target: String) throws -> StorePlanning {
        try PlanningOptions.parse(arguments).planning(store: store, target: target)
    }

    func plan(storePath: String, target: String) throws -> PlanInfo {
        let planning = try planning(store: storePath, target: target)
        return PlanInfo(
            source: planning.storeVersion, target: planning.targetVersion,
            steps: planning.plan.steps.map { PlanStep(summary: $0.summary, isLossy: $0.isLossy) },
            backupLocation: ExecutionOptions().backupRoot(for: storePath) + "/backups/", warnings: planning.plan.warnings)
    }

    func migrate(
        storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
        cancellation: CancellationFlag
    ) throws {
        if let (_, outcome) = try Recovery.recoverIfNeeded(storePath: storePath) {
            report(.log("recovered an interrupted migration: \(outcome.rawValue)"))
        }
        let planning = try planning(store: storePath, target: target)
        let options = ExecutionOptions(dryRun: dryRun, cancellation: cancellation)
        _ = try ChainExecutor(options: options, report: report).run([MigrationJob(storePath: storePath, plan: planning.plan)])
    }
}
