import Foundation
import MigrationEngine

/// The console's planner and executor: the engine's ``MigrationProject``, the same one `cdmigrate plan` and
/// `cdmigrate migrate` use, so the console plans and runs exactly what the commands would.
public struct ProjectPlanner: ConsolePlanner {
    /// The model, settings, mappings and policies the console works with.
    public let project: MigrationProject

    /// A planner on an opened project.
    public init(project: MigrationProject) {
        self.project = project
    }

    public func plan(storePath: String, target: String) throws -> PlanInfo {
        let planning = try project.plan(store: storePath, target: target)
        return PlanInfo(
            source: planning.storeVersion, target: planning.targetVersion,
            steps: planning.plan.steps.map { PlanStep(summary: $0.summary, isLossy: $0.isLossy) },
            backupLocation: ExecutionOptions().backupRoot(for: storePath) + "/backups/", warnings: planning.plan.warnings)
    }

    public func migrate(
        storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
        cancellation: CancellationFlag
    ) throws {
        let planning = try project.plan(store: storePath, target: target, report: report)
        try project.migrate([planning], options: ExecutionOptions(dryRun: dryRun, cancellation: cancellation), report: report)
    }
}
