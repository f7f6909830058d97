/// The rows of one page as ``EntityRowPager`` read them, before they become an ``EntityRowPage``.
struct ReadRows {
    /// Each row's stored values, in the table's column order.
    var values: [[StoredValue]] = []
    /// Each row's own entity.
    var rowEntities: [String] = []
    /// The first row's sort value and `Z_PK`.
    var firstKey: (RowKey.Value, Int64)?
    /// The last row's sort value and `Z_PK`.
    var lastKey: (RowKey.Value, Int64)?

    /// Rows read backwards (from the end, or before a row), turned into the query's order.
    mutating func turnRound() {
        values.reverse()
        rowEntities.reverse()
        (firstKey, lastKey) = (lastKey, firstKey)
    }

    /// The page of these rows, the first at `offset` of the `totalRows` the query selects.
    func page(entity: String, columns: [String], offset: Int, totalRows: Int) -> EntityRowPage {
        var page = EntityRowPage(
            entity: entity, columns: columns, rows: values, offset: offset, totalRows: totalRows, rowEntities: rowEntities)
        if let first = firstKey, let last = lastKey {
            page.firstKey = RowKey(value: first.0, primaryKey: first.1, position: offset)
            page.lastKey = RowKey(value: last.0, primaryKey: last.1, position: offset + values.count - 1)
        }
        return page
    }
}
