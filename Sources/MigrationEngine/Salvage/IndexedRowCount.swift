import GRDB

/// How many rows a damaged table holds, read from one of its indexes: an index has an entry for every row,
/// so one that reads in full counts the rows the table's own pages may no longer give.
enum IndexedRowCount {
    /// Rows per source `Z_ENT` (from the table's `Z_ENT` index), or all rows under `nil` (from any other
    /// index); nil when no index reads in full.
    static func read(_ table: SchemaTable, _ db: Database) -> [Int64?: Int]? {
        let source = SQLIdentifier(table.name).quoted
        let entityIndexes = table.indexes.filter { $0.columns == ["Z_ENT"] }
        for index in entityIndexes + table.indexes.filter({ $0.columns != ["Z_ENT"] }) {
            let name = SQLIdentifier(index.name).quoted
            do {
                if index.columns == ["Z_ENT"] {
                    let rows = try Row.fetchAll(
                        db, sql: #"SELECT "Z_ENT", COUNT(*) FROM \#(source) INDEXED BY \#(name) GROUP BY "Z_ENT""#)
                    return Dictionary(rows.map { (Int64.fromDatabaseValue($0[0]), $0[1] as Int) }, uniquingKeysWith: +)
                }
                return [nil: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(source) INDEXED BY \(name)") ?? 0]
            } catch {
                // A damaged or missing index counts nothing; the next one may still read in full.
                continue
            }
        }
        return nil
    }
}
