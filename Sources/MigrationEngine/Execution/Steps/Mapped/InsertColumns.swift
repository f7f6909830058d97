/// The columns of a row stage 1 inserts into a destination table, in the order its values are bound:
/// `Z_PK`, `Z_ENT`, `Z_OPT`, one column per stored attribute (``MappedEntityTable/storedAttributes``), then the
/// key columns of links written with the row (a folded link's, or a set-based insert's). Every insert of the
/// step is laid out by it, so no row's width or value position is counted by hand.
struct InsertColumns: Hashable {
    /// The bookkeeping columns every row starts with.
    static let bookkeeping: [SQLIdentifier] = [.primaryKey, .entityNumber, .saveCounter]

    /// Every column, in the order the row's values are bound.
    let columns: [SQLIdentifier]
    /// How many stored attributes' columns follow the bookkeeping.
    let attributeCount: Int

    /// The layout of a row of `attributes` (the stored attributes' columns, in order) and then `links`.
    init(attributes: [SQLIdentifier], links: [SQLIdentifier] = []) {
        columns = Self.bookkeeping + attributes + links
        attributeCount = attributes.count
    }

    /// The layout of a row of `table`, then `links`.
    init(_ table: MappedEntityTable, links: [SQLIdentifier] = []) {
        self.init(attributes: table.insertColumns.attributeColumns, links: links)
    }

    /// Values per row.
    var width: Int { columns.count }
    /// Where the stored attributes' values are.
    var attributes: Range<Int> { Self.bookkeeping.count..<(Self.bookkeeping.count + attributeCount) }
    /// Where the links' keys are.
    var links: Range<Int> { attributes.upperBound..<width }
    /// The stored attributes' columns.
    var attributeColumns: [SQLIdentifier] { Array(columns[attributes]) }

    /// `INSERT INTO table (<columns>) VALUES (?, …)`, one row bound per run.
    func insert(into table: SQLFragment) -> SQLFragment {
        "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders: width))"
    }
}
