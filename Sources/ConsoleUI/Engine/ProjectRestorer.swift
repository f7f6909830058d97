import Foundation
import MigrationEngine

/// The console's history and restore: the engine's ``MigrationProject``, as `cdmigrate history` and
/// `cdmigrate restore` use it (recovering an interrupted swap first, the restore journaled and recorded).
package struct ProjectRestorer: ConsoleRestorer {
    /// The project; a restore needs no model.
    package let project: MigrationProject

    /// A restorer on a project.
    package init(project: MigrationProject) {
        self.project = project
    }

    package func history(storePath: String) throws -> HistoryInfo {
        let history = try project.history(store: storePath)
        let backups = history.backups.sorted { $0.created > $1.created }.map { manifest in
            HistoryInfo.Backup(
                id: manifest.id, created: manifest.created, version: manifest.version, targetVersion: manifest.targetVersion,
                size: manifest.files.reduce(0) { $0 + $1.size })
        }
        let runs = history.records.sorted { $0.started > $1.started }.map { record in
            HistoryInfo.Run(
                started: record.started, action: record.action.rawValue, from: record.from, to: record.to,
                result: record.result.rawValue, backup: record.backup,
                seconds: record.finished.timeIntervalSince(record.started),
                steps: record.steps.map { step in
                    "\(step.from) → \(step.to) (\(step.kind.word)"
                        + (step.seconds.map { ", " + TimeText.format($0) } ?? "") + ")"
                },
                detail: record.detail)
        }
        return HistoryInfo(backups: backups, runs: runs)
    }

    package func restore(storePath: String, backup: String) throws {
        try project.restore(store: storePath, backup: backup)
    }
}
