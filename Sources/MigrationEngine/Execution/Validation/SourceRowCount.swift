import GRDB

/// The rows of a mapped step's source, counted twice: whole at once, and reading each row's entity number on
/// a thread of its own while the step runs.
///
/// The whole count (SQLite counts each table's cells) is what the step's progress and its expected counts use;
/// it takes a quarter of the time reading every row does, and a mapped step's result cannot always refuse what
/// it misses: a table read only by filtered, merging or policy mappings is held to no count afterwards, so a
/// row there carrying another entity's number would be left behind unseen. The count that reads each row
/// refuses such a store, as it did when it ran before the step; it now runs on the machine's other core, and
/// ``confirm()`` waits for it before the step's result is validated, so nothing is validated, backed up or
/// swapped on the whole count alone.
final class SourceRowCount: Sendable {
    /// The rows of each entity table, counted whole: every row of a table holding one entity counted as that
    /// entity's.
    let whole: EntityRows.Counts
    private let eachRow: ConcurrentWork<EntityRows.Counts>
    private let path: String

    /// Counts the store at `source`, a private file nothing writes while it is read (a snapshot, or a step's
    /// result), at `model`'s version: whole now, and row by row on a thread of its own.
    ///
    /// One connection serves both counts: it reads the store first (so a `-wal` the store still holds has its
    /// index rebuilt before the step opens its own connection, which would be refused meanwhile) and is then
    /// handed to the thread.
    /// - Throws: ``StoreError``, or ``ExecutionError`` when a table is missing or holds a key above its `Z_MAX`.
    init(_ model: ObjectModel, _ source: String) throws {
        path = source
        let queue = try CountExpectation.openSource(source)
        do {
            whole = try queue.read { db in
                try EntityRows.reading(db, model: model).counts(db, path: source, readingEachRow: false)
            }
        } catch {
            CountExpectation.close(queue)
            throw error
        }
        eachRow = ConcurrentWork {
            defer { CountExpectation.close(queue) }
            return try queue.read { db in
                try EntityRows.reading(db, model: model).counts(db, path: source, readingEachRow: true)
            }
        }
    }

    /// Waits for the count that reads each row; throws its error (a row of an entity number its table does
    /// not hold, for one), or ``ExecutionError`` `.validationFailed` when it found other rows than ``whole``.
    func confirm() throws {
        let counted = try eachRow.value()
        guard counted != whole else { return }
        let table = counted.byTable.keys.sorted().first { counted.byTable[$0] != whole.byTable[$0] } ?? "an entity table"
        throw ExecutionError(
            .validationFailed, path: path,
            message: "\(table) holds \(counted.byTable[table] ?? [:]) rows by entity number, \(whole.byTable[table] ?? [:]) counted whole")
    }

    /// What a step that failed with `error` reports: the count's own error if it failed (a store holding rows
    /// its model cannot have explains what went wrong after), otherwise `error`. Waits for the count, which
    /// reads the source: it must end before the source is removed. A cancelled run stays cancelled.
    func failure(over stepError: any Error) -> any Error {
        do {
            try confirm()
            return stepError
        } catch {
            return stepError is MigrationCancelled ? stepError : error
        }
    }
}
