import GRDB

/// The row counts a step must produce, where its kind determines them exactly.
///
/// - Inferred: every destination entity the inferred mapping takes from a source entity keeps exactly that
///   entity's number of rows.
/// - Mapped: a destination entity made only by copy and transform mappings without filter, merge key or
///   policy gets one object per source object those mappings read; entities with any other maker are not
///   checked (a merge folds objects, a filter or policy decides how many there are).
enum CountExpectation {
    /// Each destination entity of a mapped step with a predictable count and the source entity of each
    /// mapping that makes it.
    static func heldCounts(_ resolved: [ResolvedEntityMapping]) -> [StepCounting.HeldCount] {
        var pairs: [StepCounting.HeldCount] = []
        var unpredictable: Set<String> = []
        for entry in resolved {
            guard let destination = entry.destinationEntity?.name else { continue }
            let mapping = entry.mapping
            guard [.copy, .transform].contains(mapping.kind), mapping.filter == nil, mapping.mergeKey == nil,
                mapping.policy == nil, let source = entry.sourceEntity?.name
            else {
                unpredictable.insert(destination)
                continue
            }
            pairs.append(.init(destination: destination, source: source))
        }
        return pairs.filter { !unpredictable.contains($0.destination) }
    }

    /// Rows per entity of the step's source: a snapshot copy or an earlier temporary, never the original.
    /// - Parameters:
    ///   - model: The source's model version.
    ///   - source: The store to count.
    ///   - reading: ``EntityRows/Reading/whole`` for an inferred step, whose tables of one entity are counted
    ///     without reading their rows (see `EntityRows.counts(_:path:reading:scanned:)`): it copies every row
    ///     of the entity's number, so a row of another number is missing from its result or kept in it, and
    ///     either fails the result's validation.
    /// - Returns: The rows found, by entity and by table.
    /// - Throws: ``StoreError`` when the store cannot be opened or read.
    static func sourceCounts(_ model: ObjectModel, _ source: String, reading: EntityRows.Reading = .eachRow) throws
        -> EntityRows.Counts
    {
        let queue = try openSource(source)
        defer { close(queue) }
        return try queue.read { db in
            try EntityRows.reading(db, model: model).counts(db, path: source, reading: reading)
        }
    }

    /// A read connection to a step's source, a private file nothing writes meanwhile. Read-only: closing a
    /// read-write connection to a snapshot whose `-wal` holds transactions would fold the log into its file,
    /// which must keep the store's bytes to become the backup (``SnapshotBackup``).
    static func openSource(_ source: String) throws -> DatabaseQueue {
        try PrivateStoreConnection.open(source) { try HardenedConnection.open(source, readonly: true) }
    }

    /// Closes a connection that only read: a failure to close loses nothing, and the counts it read stand.
    static func close(_ queue: DatabaseQueue) {
        do {
            try queue.close()
        } catch {
            // Nothing was written through it; SQLite releases what is left when the queue is deallocated.
        }
    }
}
