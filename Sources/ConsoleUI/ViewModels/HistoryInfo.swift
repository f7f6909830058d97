import Foundation

/// A store's backups and recorded runs, as the history screen lists them.
package struct HistoryInfo: Sendable, Hashable {
    /// The backups, newest first.
    package var backups: [Backup]
    /// The recorded runs, newest first.
    package var runs: [Run]

    /// Creates a history.
    package init(backups: [Backup], runs: [Run]) {
        self.backups = backups
        self.runs = runs
    }

    /// One backup of the original store set.
    package struct Backup: Sendable, Hashable {
        /// Its identifier (`20261122T041344.123Z-3c7ef4`).
        package var id: String
        /// When it was made.
        package var created: Date
        /// The version the store was at.
        package var version: String?
        /// The version the run that made it migrated to.
        package var targetVersion: String?
        /// Its files' bytes.
        package var size: Int64

        /// Creates a backup entry.
        package init(id: String, created: Date, version: String?, targetVersion: String?, size: Int64) {
            self.id = id
            self.created = created
            self.version = version
            self.targetVersion = targetVersion
            self.size = size
        }
    }

    /// One recorded run.
    package struct Run: Sendable, Hashable {
        /// When it started.
        package var started: Date
        /// `migrate`, `dry-run`, `restore` or `recover`.
        package var action: String
        /// The version it started from.
        package var from: String?
        /// The version it went to.
        package var to: String?
        /// `succeeded`, `failed`, `cancelled` or `interrupted`.
        package var result: String
        /// The backup it made (or, for a restore, restored from).
        package var backup: String?
        /// How long it ran, in seconds.
        package var seconds: Double?
        /// Its steps, as `v1 → v2 (inferred, 0.21 s)`.
        package var steps: [String]
        /// Why it failed, what recovery did, or where a restore put the files it replaced.
        package var detail: String?

        /// Creates a run entry.
        package init(
            started: Date, action: String, from: String?, to: String?, result: String, backup: String?,
            seconds: Double? = nil, steps: [String] = [], detail: String? = nil
        ) {
            self.started = started
            self.action = action
            self.from = from
            self.to = to
            self.result = result
            self.backup = backup
            self.seconds = seconds
            self.steps = steps
            self.detail = detail
        }
    }
}
