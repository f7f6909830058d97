import GRDB

/// The batches a step copies a table's rows in: `Z_PK` ranges at most a given number of keys wide, as Core
/// Data's dense keys fill them, each starting just below a key that exists. Ranges walked up from the lowest
/// key alone would take one statement per empty range, so a single row keyed 2^62 (which SQLite and `verify`
/// accept) would keep a step busy for ever; here an empty stretch costs one look-up of the next key, whatever
/// its width, and a dense table one look-up per batch.
enum KeyBatches {
    /// Calls `body` with consecutive `(low, high]` ranges, in key order, that together hold every row of
    /// `table`, each at most `size` keys wide.
    ///
    /// - Parameters:
    ///   - table: The table, qualified as the step's statements name it.
    ///   - highest: The table's largest `Z_PK` (0 when empty): the last range ends there.
    ///   - size: The most keys in one range.
    ///   - db: The connection the step runs on.
    ///   - body: Runs one range; the first starts below every key.
    /// - Throws: What a statement or `body` throws; the ranges after it are not run.
    static func forEach(
        in table: SQLFragment, highest: Int64, size: Int, db: Database, _ body: (_ low: Int64, _ high: Int64) throws -> Void
    ) throws {
        // Every row of the table, not only one entity's: a range skipped must hold no row a mapping of an
        // entity and its sub-entities reads.
        let following: SQLFragment = "SELECT Z_PK FROM \(table) WHERE Z_PK > :after ORDER BY Z_PK LIMIT 1"
        let statement = try db.makeStatement(following)
        let width = Int64(max(size, 1))
        var low = Int64.min
        while low < highest {
            // Core Data's keys start at 1: the first range also takes any key below that.
            let (end, overflow) = max(low, 0).addingReportingOverflow(width)
            let high = overflow ? highest : min(end, highest)
            try body(low, high)
            guard high < highest,
                let next = try Int64.fetchOne(statement, arguments: following.statementArguments + ["after": high])
            else { return }
            low = next - 1
        }
    }
}
