import Synchronization

/// The rows a step's own statements are known to have written, for validation to take instead of reading
/// every row again: per destination table, the rows of each entity number.
///
/// A step records a table here only when its statements make every row of it certain to pass the checks a
/// pass over the rows would make (see `SchemaConformance.check(_:written:)`): the table was created empty by
/// the step, every row in it was inserted by a statement that writes the row's entity number as a constant
/// of that table's entities and fills each required column the row's entity has with a value that cannot be
/// NULL, nothing changed those columns after, and the counts are the rows those statements inserted, as SQLite
/// reported them (`sqlite3_changes`). Keys, columns, references and the file's integrity are still checked.
final class WrittenRows: Sendable {
    private let tables = Mutex<[String: [Int: Int]]>([:])

    /// An empty record.
    init() {}

    /// Records `rows` (per table, rows per entity number), replacing what was recorded for those tables.
    func record(_ rows: [String: [Int: Int]]) {
        tables.withLock { $0.merge(rows) { _, new in new } }
    }

    /// What was recorded: rows per entity number (numbers with no row left out) in each recorded table.
    var recorded: [String: [Int: Int]] {
        tables.withLock { $0.mapValues { $0.filter { $0.value > 0 } } }
    }
}
