import Foundation

/// One line of a store's history log: a migration, dry run, restore or recovery, and how it ended.
public struct RunRecord: Sendable, Hashable, Codable {
    /// What kind of run it was.
    public enum Action: String, Sendable, Hashable, Codable {
        /// A migration.
        case migrate
        /// A rehearsal that changed nothing.
        case dryRun = "dry-run"
        /// A restore from a backup.
        case restore
        /// The recovery of an interrupted swap.
        case recover
    }

    /// How the run ended.
    public enum Result: String, Sendable, Hashable, Codable {
        /// It did what it set out to do.
        case succeeded
        /// It failed; the store was left as it was.
        case failed
        /// It was cancelled; the store was left as it was.
        case cancelled
        /// The process was killed or crashed; the next run recovered the store (see its `recover` record).
        case interrupted
    }

    /// One step of a migration, with its time.
    public struct Step: Sendable, Hashable, Codable {
        /// The version the step started from.
        public var from: String
        /// The version it produced.
        public var to: String
        /// Inferred or explicit.
        public var kind: StepKind
        /// Seconds it took, including validation; nil when it did not finish.
        public var seconds: Double?
    }

    /// The run's identifier.
    public var run: String
    /// What kind of run it was.
    public var action: Action
    /// The store.
    public var storePath: String
    /// When it started.
    public var started: Date
    /// When it ended.
    public var finished: Date
    /// The store's version before.
    public var from: String?
    /// The version asked for.
    public var to: String?
    /// The steps (for migrations and dry runs).
    public var steps: [Step]
    /// How it ended.
    public var result: Result
    /// Why it failed, or what recovery did.
    public var detail: String?
    /// The backup taken (or restored from).
    public var backup: String?
    /// How a recovery ended for this store (`recover` records only; older logs have none).
    public var outcome: Recovery.Outcome? = nil
    /// What was repaired of objects that broke the model before the first step (migrations asked to repair).
    public var repairs: RepairReport? = nil
}
