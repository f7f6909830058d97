/// An index Core Data creates on an entity or join table.
public struct SchemaIndex: Sendable, Hashable, Codable {
    /// The index name, unquoted (`ZCOLOR_ZPOST_INDEX`).
    public var name: String
    /// The indexed table.
    public var table: String
    /// The indexed columns, in order.
    public var columns: [String]

    /// Creates an index description.
    public init(name: String, table: String, columns: [String]) {
        self.name = name
        self.table = table
        self.columns = columns
    }

    /// Core Data's DDL: `CREATE INDEX ZCOLOR_ZPOST_INDEX ON ZCOLOR (ZPOST)`.
    public var createStatement: String {
        let list = columns.map(SQLIdentifier.ddl).joined(separator: ", ")
        return "CREATE INDEX \(SQLIdentifier.ddl(name)) ON \(SQLIdentifier.ddl(table)) (\(list))"
    }
}
