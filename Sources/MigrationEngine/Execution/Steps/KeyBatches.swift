import GRDB

/// The batches a step copies one entity's rows in: `Z_PK` ranges cut at the keys that exist, each holding
/// at most a given number of the entity's rows. Ranges of fixed width walked up from the lowest key would
/// take one statement per empty range, so a single row keyed 2^62 (which SQLite and `verify` accept) would
/// keep a step busy for ever; here the work follows the rows, whatever their keys.
enum KeyBatches {
    /// Calls `body` with consecutive `(low, high]` ranges, in key order, that together hold every row of
    /// entity number `entity` in `table`, each at most `size` of them.
    ///
    /// - Parameters:
    ///   - table: The table, qualified as the step's statements name it.
    ///   - entity: The entity's number (`Z_ENT`).
    ///   - highest: The table's largest `Z_PK` (0 when empty): the last range ends there.
    ///   - size: The most rows of the entity in one range.
    ///   - db: The connection the step runs on.
    ///   - body: Runs one range; the first starts below every key.
    /// - Throws: What a statement or `body` throws; the ranges after it are not run.
    static func forEach(
        in table: SQLFragment, entity: Int, highest: Int64, size: Int, db: Database,
        _ body: (_ low: Int64, _ high: Int64) throws -> Void
    ) throws {
        // The `size`-th key above `low` ends a range; past the last one, `highest` does.
        let boundary: SQLFragment = """
            SELECT Z_PK FROM \(table) WHERE Z_ENT = \(value: entity) AND Z_PK > :low ORDER BY Z_PK LIMIT 1 OFFSET :skip
            """
        let statement = try db.makeStatement(boundary)
        var low = Int64.min
        while low < highest {
            let arguments = boundary.statementArguments + ["low": low, "skip": max(size, 1) - 1]
            let high = min(try Int64.fetchOne(statement, arguments: arguments) ?? highest, highest)
            try body(low, high)
            low = high
        }
    }
}
