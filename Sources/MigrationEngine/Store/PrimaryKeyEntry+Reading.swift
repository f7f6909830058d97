import GRDB

extension PrimaryKeyEntry {
    /// Every `Z_PRIMARYKEY` row in number order, history entries included; the one reader of that table
    /// for inspecting, validating, copying and mapping stores.
    ///
    /// - Parameters:
    ///   - db: The connection to read with.
    ///   - schema: the attached database to read (`src` in a mapped step); `nil` for the usual lookup.
    /// - Returns: The rows; odd values in a damaged store read as 0 or an empty name.
    /// - Throws: GRDB's `DatabaseError` when the table cannot be read.
    static func fetchAll(_ db: Database, schema: SQLIdentifier? = nil) throws -> [PrimaryKeyEntry] {
        let table = SQLIdentifier("Z_PRIMARYKEY")
        let from: SQLFragment = schema.map { "\($0).\(table)" } ?? "\(table)"
        // CASTs keep odd values in a damaged store from reaching GRDB's strict conversions.
        let select: SQLFragment = """
            SELECT IFNULL(CAST("Z_ENT" AS INTEGER), 0), IFNULL(CAST("Z_NAME" AS TEXT), ''),
            IFNULL(CAST("Z_SUPER" AS INTEGER), 0), IFNULL(CAST("Z_MAX" AS INTEGER), 0)
            FROM \(from) ORDER BY 1
            """
        return try Row.fetchAll(db, select.request)
            .map { PrimaryKeyEntry(number: $0[0], name: $0[1], superNumber: $0[2], maxPrimaryKey: $0[3]) }
    }

    /// Rows per `Z_ENT` value in the entity table `table` (a missing `Z_ENT` counts as 0).
    static func rowsPerEntity(in table: SQLIdentifier, _ db: Database) throws -> [Int: Int] {
        if let single = try singleEntityRows(in: table, db) { return single.mapValues(\.rows) }
        // Grouped by the bare column, so SQLite counts over the table's `Z_ENT` index when it has one (Apple
        // creates one for a table holding an inheritance tree) instead of reading and sorting every row; each
        // group's value is then cast as before and groups that cast alike are added up.
        let select: SQLFragment = #"""
            SELECT IFNULL(CAST("entity" AS INTEGER), 0), "rows"
            FROM (SELECT "Z_ENT" AS "entity", COUNT(*) AS "rows" FROM \#(table) GROUP BY "Z_ENT")
            """#
        let rows = try Row.fetchAll(db, select.request)
        return Dictionary(rows.map { ($0[0] as Int, $0[1] as Int) }, uniquingKeysWith: +)
    }

    /// Rows and highest `Z_PK` of the one entity number every row of `table` carries, read in one pass
    /// without sorting (an empty table answers no entity); nil when the rows carry several numbers, or any
    /// row a missing or non-integer one, and a grouped count must tell them apart.
    ///
    /// A table holding one entity has no `Z_ENT` index (Apple indexes it only for inheritance trees), so
    /// grouping would sort every row's number first; most tables hold one entity.
    static func singleEntityRows(in table: SQLIdentifier, _ db: Database) throws -> [Int: (rows: Int, maxKey: Int64)]? {
        let select: SQLFragment = "SELECT \(singleEntityAggregates) FROM \(table)"
        return try Row.fetchOne(db, select.request).flatMap(singleEntityRows)
    }

    /// The aggregates ``singleEntityRows(in:_:)`` reads, for a query that reads more in the same pass; they
    /// come first in its row, in four columns.
    static let singleEntityAggregates: SQLFragment = """
        COUNT(*), COUNT("Z_ENT") = COUNT(*) AND MIN("Z_ENT") = MAX("Z_ENT") AND typeof(MIN("Z_ENT")) = 'integer', \
        MIN("Z_ENT"), MAX("Z_PK")
        """

    /// What a row starting with ``singleEntityAggregates`` says (see ``singleEntityRows(in:_:)``).
    static func singleEntityRows(_ row: Row) -> [Int: (rows: Int, maxKey: Int64)]? {
        let rows: Int = row[0] ?? 0
        if rows == 0 { return [:] }
        guard row[1] == true, let number: Int = row[2] else { return nil }
        return [number: (rows, row[3] ?? 0)]
    }
}
