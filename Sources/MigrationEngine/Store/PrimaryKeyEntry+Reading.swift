import GRDB

extension PrimaryKeyEntry {
    /// Every `Z_PRIMARYKEY` row in number order, history entries included; the one reader of that table
    /// for inspecting, validating and copying stores.
    static func fetchAll(_ db: Database) throws -> [PrimaryKeyEntry] {
        // CASTs keep odd values in a damaged store from reaching GRDB's strict conversions.
        try Row.fetchAll(db, sql: """
            SELECT IFNULL(CAST("Z_ENT" AS INTEGER), 0), IFNULL(CAST("Z_NAME" AS TEXT), ''),
            IFNULL(CAST("Z_SUPER" AS INTEGER), 0), IFNULL(CAST("Z_MAX" AS INTEGER), 0)
            FROM "Z_PRIMARYKEY" ORDER BY 1
            """)
            .map { PrimaryKeyEntry(number: $0[0], name: $0[1], superNumber: $0[2], maxPrimaryKey: $0[3]) }
    }

    /// Rows per `Z_ENT` value in the entity table `table` (a missing `Z_ENT` counts as 0).
    static func rowsPerEntity(in table: String, _ db: Database) throws -> [Int: Int] {
        let rows = try Row.fetchAll(
            db, sql: #"SELECT IFNULL(CAST("Z_ENT" AS INTEGER), 0), COUNT(*) FROM \#(SQLIdentifier.quoted(table)) GROUP BY 1"#)
        return Dictionary(rows.map { ($0[0] as Int, $0[1] as Int) }, uniquingKeysWith: +)
    }
}
