import Synchronization

/// What a mapped step wrote, counted as it ran: lets tests check the work done (each relationship pair
/// written once) rather than time it.
final class MappedStepStatistics: Sendable {
    private let rows = Mutex(0)
    private let identityRows = Mutex(0)
    private let mergeRows = Mutex(0)
    private let keptRows = Mutex(0)
    private let setBased = Mutex<Set<String>>([])
    private let prefetched = Mutex<Set<String>>([])
    private let fused = Mutex<Set<String>>([])

    /// Rows stage 2 wrote (foreign keys set, join-table rows inserted), over every statement.
    var relationshipRowsWritten: Int { rows.withLock { $0 } }

    /// Adds rows a relationship statement changed.
    func addRelationshipRows(_ count: Int) {
        rows.withLock { $0 += count }
    }

    /// Identity associations written because something read them (``AssociationTable/materialize()``).
    var identityAssociationRowsWritten: Int { identityRows.withLock { $0 } }

    /// Adds identity association rows written.
    func addIdentityAssociationRows(_ count: Int) {
        identityRows.withLock { $0 += count }
    }

    /// Set-based merges' associations written because something read them (``AssociationTable/materialize()``).
    var mergeAssociationRowsWritten: Int { mergeRows.withLock { $0 } }

    /// Adds merge association rows written.
    func addMergeAssociationRows(_ count: Int) {
        mergeRows.withLock { $0 += count }
    }

    /// Source rows set-based merges recorded with their keys, for a filter or key that might not give the
    /// same value if evaluated again (see `AssociationTable.Recomputed`).
    var keptRowsRecorded: Int { keptRows.withLock { $0 } }

    /// Adds kept rows a set-based merge recorded.
    func addKeptRows(_ count: Int) {
        keptRows.withLock { $0 += count }
    }

    /// The mappings whose stage 1 ran as SQL (``SetBasedEntityMapper``), by name.
    var setBasedMappings: Set<String> { setBased.withLock { $0 } }

    /// Records that a mapping's stage 1 ran as SQL.
    func recordSetBased(_ mapping: String) {
        _ = setBased.withLock { $0.insert(mapping) }
    }

    /// The mappings whose stage 1 ran row by row with its next batch read ahead (``SourceBatchPrefetch``), by name.
    var prefetchedMappings: Set<String> { prefetched.withLock { $0 } }

    /// Records that a mapping's stage 1 read its batches ahead.
    func recordPrefetched(_ mapping: String) {
        _ = prefetched.withLock { $0.insert(mapping) }
    }

    /// The merges whose objects were numbered while the mapping linking to them was copied
    /// (``SetBasedEntityMapper/mapFused(merge:copy:context:batchSize:)``), by name.
    var fusedMerges: Set<String> { fused.withLock { $0 } }

    /// Records that a merge ran in the pass of the copy linking to it.
    func recordFused(_ mapping: String) {
        _ = fused.withLock { $0.insert(mapping) }
    }
}
