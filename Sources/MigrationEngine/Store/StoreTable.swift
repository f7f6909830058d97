/// A table of a store that is not an entity table: a many-to-many join table, a persistent-history table,
/// or anything else found in the file.
public struct StoreTable: Sendable, Hashable, Codable {
    /// The table's name.
    public var name: String
    /// Its columns, in declaration order.
    public var columns: [String]
    /// Its row count.
    public var rows: Int

    /// Creates a table record.
    package init(name: String, columns: [String], rows: Int) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }
}
