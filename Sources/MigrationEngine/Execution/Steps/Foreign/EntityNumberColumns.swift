import GRDB

/// Columns outside the model that hold model entity numbers, each beside the object's `Z_PK`: persistent
/// history (`ACHANGE.ZENTITY`/`ZENTITYPK`, the object a change was made to) and CloudKit mirroring's metadata
/// (`ANSCKRECORDMETADATA` and `ANSCKHISTORYANALYZERSTATE`, `ZENTITYID`/`ZENTITYPK`, the object a record or a
/// pending export belongs to).
///
/// A step that renumbers entities (one added or dropped before others in name order) would otherwise carry
/// them verbatim, and each would then name another entity's object; so would a step that gives objects new
/// keys. They are rewritten to the number and key each row's object has in the destination. A row of an
/// entity whose objects do not each become one object with a known key (dropped, split, made by a policy or
/// merged into a table under new keys) would name no object after the step, so the step is refused, naming
/// the table, the entity and the number of rows.
struct EntityNumberColumns {
    /// Where a source entity's objects are in the destination.
    struct Destination: Sendable, Hashable {
        /// The destination entity's number.
        var number: Int
        /// Added to each object's `Z_PK` (0 when keys are kept).
        var keyShift: Int
    }

    /// Where entity numbers are held, with the key column beside them, as Core Data names them.
    static let known: [(table: String, entity: String, key: String)] = [
        ("ACHANGE", "ZENTITY", "ZENTITYPK"),
        ("ANSCKRECORDMETADATA", "ZENTITYID", "ZENTITYPK"),
        ("ANSCKHISTORYANALYZERSTATE", "ZENTITYID", "ZENTITYPK"),
    ]

    /// The source store, for errors.
    let path: String
    /// The source model's entity names by number.
    let sourceEntities: [Int: String]
    /// Where each source entity's objects went, for those that each became one object with a known key.
    let destinations: [Int: Destination]

    /// Rewrites every known table of `main` (already copied from the source) from source to destination
    /// numbers and keys in one statement per table, so no row is rewritten twice. Values that are no source
    /// entity's number are left as they are: they name nothing the step changes.
    func remap(_ db: Database) throws {
        for (table, entityColumn, keyColumn) in Self.known {
            let columns = try Set(
                String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'main')", arguments: [table]))
            guard columns.contains(entityColumn) else { continue }
            let name = SQLIdentifier(table)
            let entity = SQLIdentifier(entityColumn)
            // Only integers can be entity numbers; a value of another type is left as the store holds it.
            let select: SQLFragment = """
                SELECT \(entity), COUNT(*) FROM \(SQLIdentifier.main).\(name) \
                WHERE typeof(\(entity)) = 'integer' GROUP BY \(entity)
                """
            let counts = try Row.fetchAll(db, sql: select.sql, arguments: select.statementArguments).map {
                ($0[0] as Int64, $0[1] as Int)
            }
            var changes: [(old: Int, new: Destination)] = []
            for (stored, rows) in counts {
                guard let number = Int(exactly: stored), let entityName = sourceEntities[number] else { continue }
                guard let destination = destinations[number] else {
                    throw ForeignTableError(
                        path: path, object: "\(table).\(entityColumn)",
                        "\(rows) row(s) name objects of entity \(entityName), which this step does not carry one for "
                            + "one under known keys (dropped, split, made by a policy or given new keys), so they would "
                            + "name no object after it; delete the store's persistent history (or CloudKit metadata) "
                            + "for \(entityName) first, or migrate with Core Data")
                }
                if destination.number != number || destination.keyShift != 0 { changes.append((number, destination)) }
            }
            guard !changes.isEmpty else { continue }
            let numbers = SQLFragment.joined(
                changes.map { "WHEN \(value: $0.old) THEN \(value: $0.new.number)" }, separator: " ")
            var assignments: SQLFragment = "\(entity) = CASE \(entity) \(numbers) END"
            let shifted = changes.filter { $0.new.keyShift != 0 }
            if columns.contains(keyColumn), !shifted.isEmpty {
                let key = SQLIdentifier(keyColumn)
                let shifts = SQLFragment.joined(
                    shifted.map { "WHEN \(value: $0.old) THEN \(key) + \(value: $0.new.keyShift)" }, separator: " ")
                assignments = "\(assignments), \(key) = CASE \(entity) \(shifts) ELSE \(key) END"
            }
            // Every right-hand side reads the row as it was, so a number moved onto another's is not moved again.
            try db.execute(
                """
                UPDATE \(SQLIdentifier.main).\(name) SET \(assignments) \
                WHERE \(entity) IN (\(values: changes.map(\.old)))
                """)
        }
    }
}
