/// Which of an entity's rows a page shows and in what order: a text search, a sort column, or one object.
///
/// Everything is done by SQLite on the snapshot (values bound, column names checked against the table and
/// quoted), so a page of a large table never loads more than its rows.
package struct RowQuery: Sendable, Hashable {
    /// Only rows where some column's value, as text, contains this (case-insensitive for ASCII); blob
    /// columns are not searched.
    package var search: String?
    /// The stored column to order by (`ZTITLE`); `nil` for primary-key order.
    package var sortColumn: String?
    /// Whether the sort is descending.
    package var descending: Bool
    /// Only the object with this `Z_PK`, of the entity or any entity below it (following a relationship).
    package var primaryKey: Int64?
    /// Only objects for which this query (`rows --where`'s language) is true: evaluated by the model
    /// (``EntityRowPager/page(entity:offset:limit:query:model:)``), not by SQL alone.
    package var predicate: String?
    /// Only the objects with these `Z_PK`s (the matches of a ``predicate`` on one page).
    var keys: [Int64]?

    /// Creates a query; the default is every row in primary-key order.
    package init(
        search: String? = nil, sortColumn: String? = nil, descending: Bool = false, primaryKey: Int64? = nil,
        predicate: String? = nil
    ) {
        self.search = search
        self.sortColumn = sortColumn
        self.descending = descending
        self.primaryKey = primaryKey
        self.predicate = predicate
    }

    /// Every row in primary-key order.
    package static let all = RowQuery()

    /// Whether the query narrows the rows (so their count must be taken, not read from the store's counts).
    package var narrows: Bool { !(search ?? "").isEmpty || primaryKey != nil || predicate != nil || keys != nil }

    /// The pattern a search binds to `LIKE … ESCAPE '\'`: the text with `%`, `_` and `\` taken literally.
    var likePattern: String? {
        guard let search, !search.isEmpty else { return nil }
        let escaped = search.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }
}
