import Foundation
import MigrationEngine

/// The console's planner and executor: the engine's ``MigrationProject``, the same one `cdmigrate plan` and
/// `cdmigrate migrate` use, so the console plans and runs exactly what the commands would.
package struct ProjectPlanner: ConsolePlanner {
    /// The model, settings, mappings and policies the console works with.
    package let project: MigrationProject
    /// The plan last shown, which a run reuses while the store is unchanged.
    private let planned = PlannedRun()

    /// A planner on an opened project.
    package init(project: MigrationProject) {
        self.project = project
    }

    /// A planner on the located model with its project file's settings, the mapping folders found beside
    /// it or the store (so that a `mappings/` folder is never ignored for a lossy inferred step) and the
    /// `mappingDirectories` named by the user; nil without a model.
    ///
    /// - Throws: What ``MigrationProject/init(modelPath:settings:policies:infers:snapshot:)`` throws.
    package static func located(
        _ location: ModelLocation, mappingDirectories: [String] = [],
        policies: MigrationPolicyRegistry = MigrationPolicyRegistry()
    ) throws -> ProjectPlanner? {
        guard let model = location.model else { return nil }
        var settings = try location.settings()
        let named = Set(settings.mappingDirectories)
        settings.mappingDirectories += mappingDirectories.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .filter { !named.contains($0) }
        return ProjectPlanner(project: try MigrationProject(modelPath: model, settings: settings, policies: policies))
    }

    package func plan(storePath: String, target: String) throws -> PlanInfo {
        let planning = try planned.plan(project, store: storePath, target: target)
        return Self.info(planning, lossCount: planning.plan.steps.contains(where: \.isLossy) ? .counting : .notNeeded)
    }

    package func countingLoss(storePath: String, target: String) throws -> PlanInfo {
        // The plan on screen, unless the store changed since it was made.
        let planning =
            try planned.reusable(store: storePath, target: target) ?? planned.plan(project, store: storePath, target: target)
        return Self.info(try project.countingDataLoss(in: planning), lossCount: .counted)
    }

    private static func info(_ planning: StorePlanning, lossCount: PlanInfo.LossCount) -> PlanInfo {
        PlanInfo(
            source: planning.storeVersion, target: planning.targetVersion,
            steps: planning.plan.steps.map { PlanStep(summary: $0.summary, isLossy: $0.isLossy) },
            backupLocation: ExecutionOptions().backupRoot(for: planning.storePath) + "/backups/",
            warnings: planning.plan.warnings, lossCount: lossCount)
    }

    package func migrate(
        storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
        cancellation: CancellationFlag
    ) throws {
        // The plan the user just confirmed (integrity-checked when it was made), unless the store has changed
        // since; a new plan leaves the check to the run, which makes it beside the first step.
        let planning =
            try planned.reusable(store: storePath, target: target)
            ?? project.plan(store: storePath, target: target, checksIntegrity: false, report: report)
        try project.migrate([planning], options: ExecutionOptions(dryRun: dryRun, cancellation: cancellation), report: report)
    }
}
