/// The faster paths a mapped step may take where they give the same store as the plain one (object by
/// object, in Swift, one statement per row). All are on in a real run; each can be turned off alone, so
/// the differential tests compare the store each path writes with the plain path's (as swift-format's
/// `DebugOptions` turn parts of its pipeline off). `docs/internals/mapped-step.md` says when each is taken.
struct MappedStepStrategies: OptionSet, Sendable, Hashable {
    let rawValue: Int

    /// Expressions run as compiled SQL where they compile, so a mapping may run set-based (one
    /// `INSERT … SELECT` per mapping) or row by row with its values computed by the batch query.
    static let compiledExpressions = Self(rawValue: 1 << 0)
    /// Stage 2 links a relationship for all objects at once where it can (``RelationshipBulkLinker``) or
    /// folds the keys into stage 1's inserts (``FoldedLink``).
    static let bulkLinks = Self(rawValue: 1 << 1)
    /// Objects made row by row are written several rows per statement (``InsertBatch``).
    static let batchedInserts = Self(rawValue: 1 << 2)
    /// Stage 1, row by row, reads each next batch of source rows ahead on a connection of its own
    /// (``SourceBatchPrefetch``).
    static let prefetchedBatches = Self(rawValue: 1 << 3)
    /// A merge runs in the pass of the copy linking to it
    /// (``SetBasedEntityMapper/mapFused(merge:copy:context:batchSize:)``); needs ``compiledExpressions``.
    static let fusedMerges = Self(rawValue: 1 << 4)

    /// Every path: what a real run uses.
    static let all: Self = [.compiledExpressions, .bulkLinks, .batchedInserts, .prefetchedBatches, .fusedMerges]

    /// Turns `option` on or off.
    mutating func set(_ option: Self, to enabled: Bool) {
        if enabled { insert(option) } else { remove(option) }
    }
}
