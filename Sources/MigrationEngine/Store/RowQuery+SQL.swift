extension RowQuery {
    /// The conditions, beside the one on the entity, that keep the query's rows of a table with `declared`
    /// columns: the search, over every column that is not declared `BLOB`, each value as text; and the keys.
    /// The browser's pages and the export of what they show both select by these, so they keep the same rows.
    func conditions(searching declared: [DeclaredColumn]) -> [SQLFragment] {
        var conditions: [SQLFragment] = []
        if let pattern = likePattern {
            let searched = declared.filter { $0.type.uppercased() != "BLOB" }.map { SQLIdentifier($0.name) }
            let matches = searched.map { column -> SQLFragment in
                "CAST(\(column) AS TEXT) LIKE \(value: pattern) ESCAPE '\\'"
            }
            conditions.append(matches.isEmpty ? "0" : "(\(SQLFragment.joined(matches, separator: " OR ")))")
        }
        if let keys { conditions.append("\(SQLIdentifier.primaryKey) IN (\(values: keys))") }
        return conditions
    }

    /// The `ORDER BY` terms of the query's order: its sort column, then `Z_PK` (which breaks ties, so no two
    /// rows are ever in either order), both `descending` or not.
    func orderTerms(descending: Bool) -> [SQLFragment] {
        let direction: SQLFragment = descending ? " DESC" : ""
        return (sortColumn.map { [SQLIdentifier($0)] } ?? []).map { "\($0)\(direction)" }
            + ["\(SQLIdentifier.primaryKey)\(direction)"]
    }
}
