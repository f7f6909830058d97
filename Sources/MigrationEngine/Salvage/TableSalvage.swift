/// One table's rows in a salvage.
public struct TableSalvage: Sendable, Hashable, Codable {
    /// The table.
    public var table: String
    /// The root entity whose key counter (`Z_PRIMARYKEY`) hands out the table's keys; nil for a join table.
    public var root: String? = nil
    /// Rows read from the damaged store.
    public var read: Int
    /// Row ids SQLite could not read through the table, less those found on pages it no longer reaches.
    public var unreadable: [KeyRange]
    /// The most rows the unreadable ranges can have held (bounded by the store's largest key), when known.
    public var lostAtMost: Int64?
    /// Rows among `read` found on leaf pages the table's B-tree no longer reaches (its interior page lost).
    public var fromLoosePages: Int
    /// Rows that read but belong to no entity of the table (a `Z_ENT` the model does not give it), left out.
    public var rejected: Int
    /// The largest key the store handed out (`Z_MAX`, raised to the largest key read), when `Z_PRIMARYKEY`
    /// reads; nil for a join table.
    public var largestKey: Int64? = nil
    /// Keys up to the largest handed out (or read, when `Z_MAX` is unreadable) that no row read carries, though
    /// SQLite read the pages there: deleted by the app, or lost where no read fails (with the transactions of
    /// a `-wal` cut or damaged before them, on the part of a page a cut took).
    public var gaps: [KeyRange] = []
    /// How many more objects than those known lost (counted by an index) may have been lost: the keys up to
    /// ``largestKey`` no row read carries, less those known lost; nil when `Z_MAX` is unreadable or for a
    /// join table. An upper bound: the app may have deleted some.
    public var mayHaveBeenLost: Int64? = nil

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
