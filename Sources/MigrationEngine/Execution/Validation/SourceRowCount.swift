import GRDB

/// The rows of a mapped step's source: counted whole for the step, and read row by row only where the step's
/// result cannot refuse what a whole count misses.
///
/// Counting a table whole (SQLite counts its b-tree's cells) takes a quarter of the time reading each row's
/// entity number does, but counts a row carrying another entity's number as one of the table's own. Where the
/// step's result is held to the count (``StepCounting/heldSources``), such a row is missing from the
/// result and the run is refused. A table read only by filtered, merging or policy mappings is held to no
/// count, so its rows are read one by one, on a thread of its own while the step runs; ``confirm()`` waits
/// for that before the result is validated. A run that fails anyway has its source read row by row (see
/// ``failure(over:)``), so a store holding rows its model cannot have is refused with the error that names
/// them, as when every source was read so before its step.
final class SourceRowCount: Sendable {
    /// The rows of each entity table, tables of one entity counted whole.
    let whole: EntityRows.Counts
    /// The tables of one entity the step's result is not held to, read row by row; nil when every one is.
    private let eachRow: ConcurrentWork<EntityRows.Counts>?
    private let model: ObjectModel
    private let path: String

    /// Counts the store at `source`, a private file nothing writes while it is read (a snapshot, or a step's
    /// result), at `model`'s version.
    ///
    /// One connection serves both counts: it reads the store first (so a `-wal` the store still holds has its
    /// index rebuilt before the step opens its own connection, which would be refused meanwhile) and is then
    /// handed to the thread.
    /// - Parameters:
    ///   - model: The source's version.
    ///   - source: The store.
    ///   - held: The entities whose rows the step's result is held to.
    /// - Throws: ``StoreError``, or ``ExecutionError`` when a table is missing or holds a key above its `Z_MAX`.
    init(_ model: ObjectModel, _ source: String, held: Set<String>) throws {
        self.model = model
        path = source
        let queue = try CountExpectation.openSource(source)
        let whole: EntityRows.Counts
        do {
            whole = try queue.read { db in try EntityRows.reading(db, model: model).counts(db, path: source, reading: .whole) }
        } catch {
            CountExpectation.close(queue)
            throw error
        }
        self.whole = whole
        let unheld = whole.countedWhole.subtracting(held)
        guard !unheld.isEmpty else {
            CountExpectation.close(queue)
            eachRow = nil
            return
        }
        eachRow = ConcurrentWork {
            defer { CountExpectation.close(queue) }
            return try queue.read { db in
                try EntityRows.reading(db, model: model).counts(db, path: source, reading: .eachRowOnly(unheld))
            }
        }
    }

    /// Waits for the tables the step's result is not held to, read row by row; throws their count's error (a
    /// row of an entity number its table does not hold, for one), or ``ExecutionError`` `.validationFailed`
    /// when they hold other rows than ``whole`` says.
    func confirm() throws {
        guard let eachRow else { return }
        try agree(try eachRow.value())
    }

    /// What a step that failed with `stepError` reports: the source read row by row, the refusal that gives if
    /// it holds rows its model cannot have (which explains what went wrong after), otherwise `stepError` (a
    /// source that cannot be read again says nothing about the step). Waits for the thread, which reads the
    /// source: it must end before the source is removed. A cancelled run stays cancelled.
    func failure(over stepError: any Error) -> any Error {
        if stepError is MigrationCancelled {
            eachRow?.wait()
            return stepError
        }
        do {
            try confirm()
            try agree(try CountExpectation.sourceCounts(model, path))
        } catch let refusal as ExecutionError where refusal.code == .validationFailed {
            return refusal
        } catch {
            // Not a refusal of the source's rows: the step's own error stands.
        }
        return stepError
    }

    /// Throws unless every table `counted` holds has the rows ``whole`` found in it.
    private func agree(_ counted: EntityRows.Counts) throws {
        guard let table = counted.byTable.keys.sorted().first(where: { counted.byTable[$0] != whole.byTable[$0] })
        else { return }
        throw ExecutionError(
            .validationFailed, path: path,
            message:
                "\(table) holds \(counted.byTable[table] ?? [:]) rows by entity number, \(whole.byTable[table] ?? [:]) counted whole"
        )
    }
}
