import Synchronization

/// What a mapped step wrote, counted as it ran: lets tests check the work done (each relationship pair
/// written once) rather than time it.
final class MappedStepStatistics: Sendable {
    private let rows = Mutex(0)

    /// Rows stage 2 wrote (foreign keys set, join-table rows inserted), over every statement.
    var relationshipRowsWritten: Int { rows.withLock { $0 } }

    /// Adds rows a relationship statement changed.
    func addRelationshipRows(_ count: Int) {
        rows.withLock { $0 += count }
    }
}
