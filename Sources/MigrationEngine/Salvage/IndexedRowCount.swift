import GRDB

/// How many rows a damaged table holds, read from one of its indexes: an index has an entry for every row,
/// so one that reads in full counts the rows the table's own pages may no longer give.
enum IndexedRowCount {
    /// Rows per source `Z_ENT` (from the table's `Z_ENT` index), or all rows under `nil` (from any other
    /// index); nil when no index reads in full.
    static func read(_ table: SchemaTable, _ db: Database) -> [Int64?: Int]? {
        let source = SQLIdentifier(table.name)
        let entityIndexes = table.indexes.filter { $0.columns == ["Z_ENT"] }
        for index in entityIndexes + table.indexes.filter({ $0.columns != ["Z_ENT"] }) {
            let name = SQLIdentifier(index.name)
            do {
                if index.columns == ["Z_ENT"] {
                    let perEntity: SQLFragment = """
                        SELECT \(SQLIdentifier.entityNumber), COUNT(*) FROM \(source) INDEXED BY \(name) \
                        GROUP BY \(SQLIdentifier.entityNumber)
                        """
                    let rows = try Row.fetchAll(db, perEntity.request)
                    return Dictionary(rows.map { (Int64.fromDatabaseValue($0[0]), $0[1] as Int) }, uniquingKeysWith: +)
                }
                let all: SQLFragment = "SELECT COUNT(*) FROM \(source) INDEXED BY \(name)"
                return [nil: try Int.fetchOne(db, all.request) ?? 0]
            } catch {
                // A damaged or missing index counts nothing; the next one may still read in full.
                continue
            }
        }
        return nil
    }
}
