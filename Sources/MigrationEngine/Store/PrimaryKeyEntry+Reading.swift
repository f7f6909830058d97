import GRDB

extension PrimaryKeyEntry {
    /// Every `Z_PRIMARYKEY` row in number order, history entries included; the one reader of that table
    /// for inspecting, validating, copying and mapping stores.
    /// - Parameter schema: the attached database to read (`src` in a mapped step); `nil` for the usual lookup.
    static func fetchAll(_ db: Database, schema: String? = nil) throws -> [PrimaryKeyEntry] {
        let table = (schema.map { SQLIdentifier.quoted($0) + "." } ?? "") + #""Z_PRIMARYKEY""#
        // CASTs keep odd values in a damaged store from reaching GRDB's strict conversions.
        return try Row.fetchAll(
            db,
            sql: """
                SELECT IFNULL(CAST("Z_ENT" AS INTEGER), 0), IFNULL(CAST("Z_NAME" AS TEXT), ''),
                IFNULL(CAST("Z_SUPER" AS INTEGER), 0), IFNULL(CAST("Z_MAX" AS INTEGER), 0)
                FROM \(table) ORDER BY 1
                """
        )
        .map { PrimaryKeyEntry(number: $0[0], name: $0[1], superNumber: $0[2], maxPrimaryKey: $0[3]) }
    }

    /// Rows per `Z_ENT` value in the entity table `table` (a missing `Z_ENT` counts as 0).
    static func rowsPerEntity(in table: String, _ db: Database) throws -> [Int: Int] {
        let rows = try Row.fetchAll(
            db, sql: #"SELECT IFNULL(CAST("Z_ENT" AS INTEGER), 0), COUNT(*) FROM \#(SQLIdentifier.quoted(table)) GROUP BY 1"#)
        return Dictionary(rows.map { ($0[0] as Int, $0[1] as Int) }, uniquingKeysWith: +)
    }
}
