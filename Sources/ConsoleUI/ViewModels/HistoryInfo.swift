import Foundation

/// A store's backups and recorded runs, as the history screen lists them.
public struct HistoryInfo: Sendable, Hashable {
    /// The backups, newest first.
    public var backups: [Backup]
    /// The recorded runs, newest first.
    public var runs: [Run]

    /// Creates a history.
    public init(backups: [Backup], runs: [Run]) {
        self.backups = backups
        self.runs = runs
    }

    /// One backup of the original store set.
    public struct Backup: Sendable, Hashable {
        /// Its identifier (`20261122T041344.123Z-3c7ef4`).
        public var id: String
        /// When it was made.
        public var created: Date
        /// The version the store was at.
        public var version: String?
        /// The version the run that made it migrated to.
        public var targetVersion: String?
        /// Its files' bytes.
        public var size: Int64

        /// Creates a backup entry.
        public init(id: String, created: Date, version: String?, targetVersion: String?, size: Int64) {
            self.id = id
            self.created = created
            self.version = version
            self.targetVersion = targetVersion
            self.size = size
        }
    }

    /// One recorded run.
    public struct Run: Sendable, Hashable {
        /// When it started.
        public var started: Date
        /// `migrate`, `dry-run`, `restore` or `recover`.
        public var action: String
        /// The version it started from.
        public var from: String?
        /// The version it went to.
        public var to: String?
        /// `succeeded`, `failed`, `cancelled` or `interrupted`.
        public var result: String
        /// The backup it made.
        public var backup: String?

        /// Creates a run entry.
        public init(started: Date, action: String, from: String?, to: String?, result: String, backup: String?) {
            self.started = started
            self.action = action
            self.from = from
            self.to = to
            self.result = result
            self.backup = backup
        }
    }
}
