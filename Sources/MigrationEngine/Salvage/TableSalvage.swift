/// One table's rows in a salvage.
public struct TableSalvage: Sendable, Hashable, Codable {
    /// The table.
    public var table: String
    /// Rows read from the damaged store.
    public var read: Int
    /// Row ids SQLite could not read through the table.
    public var unreadable: [KeyRange]
    /// The most rows the unreadable ranges can have held (bounded by the store's largest key), when known.
    public var lostAtMost: Int64?
    /// Rows among `read` found on leaf pages the table's B-tree no longer reaches (its interior page lost).
    public var fromLoosePages: Int
    /// Rows that read but belong to no entity of the table (a `Z_ENT` the model does not give it), left out.
    public var rejected: Int

    /// Creates a table's figures.
    package init(table: String, read: Int, unreadable: [KeyRange], lostAtMost: Int64?, rejected: Int, fromLoosePages: Int = 0) {
        self.fromLoosePages = fromLoosePages
        self.table = table
        self.read = read
        self.unreadable = unreadable
        self.lostAtMost = lostAtMost
        self.rejected = rejected
    }
}
