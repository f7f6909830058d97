import GRDB

extension RowQuery {
    /// The conditions, beside the one on the entity, that keep the query's rows of a table with `declared`
    /// columns: the search, over every column shown as the browser shows it
    /// (``searchCondition(declared:shown:entity:entities:db:)``); and the keys. The browser's pages and the
    /// export of what they show both select by these, so they keep the same rows.
    func conditions(
        searching declared: [DeclaredColumn], shown: EntityColumns?, entity: String,
        entities: [(number: Int, name: String)], db: Database
    ) -> [SQLFragment] {
        var conditions: [SQLFragment] = []
        if let search = searchCondition(declared: declared, shown: shown, entity: entity, entities: entities, db: db) {
            conditions.append(search)
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
