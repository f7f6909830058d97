import Foundation

/// One thing that happened during a migration run, reported as a value.
///
/// The engine never prints: the console and the plain CLI are two readers of the same stream of events.
public enum MigrationEvent: Sendable, Hashable {
    /// The chain to run is known.
    case planReady(steps: [StepSummary])
    /// Step `index` (0-based) started.
    case stepStarted(index: Int, step: StepSummary)
    /// Step `index` will copy or map `rows` rows in all — what its ``entityProgress(index:entity:done:total:)``
    /// totals add up to — known once the step has read its source, before its first row.
    case stepRows(index: Int, rows: Int)
    /// Rows of one entity copied or mapped so far in step `index`.
    case entityProgress(index: Int, entity: String, done: Int, total: Int)
    /// A stage of the run other than copying rows began (snapshot, a step's validation, backup, swap).
    case stageStarted(RunStage)
    /// Step `index` finished writing and its result passed validation.
    case stepValidated(index: Int, seconds: Double)
    /// A line worth showing in a log tail.
    case log(String)
    /// A swap interrupted by an earlier run was brought to a complete store before this one read it.
    case recovered(store: String, outcome: Recovery.Outcome)
    /// Objects of `store` that broke its model were repaired in the run's copy before the first step (the
    /// original is changed only by the swap): every change, object by object.
    case repaired(store: String, repairs: RepairReport)
    /// The original store set was replaced by the migrated one (or, in a dry run, would have been).
    case committed(backup: String?, dryRun: Bool)
    /// The run failed; the original store is untouched.
    case failed(MigrationError)
}

/// What a step is, for display: versions, kind and the operations it performs.
public struct StepSummary: Sendable, Hashable, Codable {
    /// The version the step starts from.
    public var from: String
    /// The version the step produces.
    public var to: String
    /// Whether the step is inferred or driven by an explicit mapping.
    public var kind: StepKind
    /// Human-readable operations (`add Post.hide`, `rename Post.color → hexColor`, …).
    public var operations: [String]
    /// Warnings, above all for data that would be lost.
    public var warnings: [String]

    /// Creates a step summary.
    package init(from: String, to: String, kind: StepKind, operations: [String] = [], warnings: [String] = []) {
        self.from = from
        self.to = to
        self.kind = kind
        self.operations = operations
        self.warnings = warnings
    }
}

/// How a step's mapping comes about.
public enum StepKind: String, Sendable, Hashable, Codable {
    /// Inferred from the two model versions, as Core Data's lightweight migration would.
    case inferred
    /// Driven by an explicit mapping (a cdmigrate mapping file, an Xcode mapping model, or Swift policies).
    case explicit
}
