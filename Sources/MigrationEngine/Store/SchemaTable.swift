/// The table shared by one root entity and all its sub-entities.
public struct SchemaTable: Sendable, Hashable, Codable {
    /// The table name, unquoted (`Z` + upper-cased root entity name).
    public var name: String
    /// The root entity stored here.
    public var rootEntity: String
    /// The columns in Core Data's DDL order.
    public var columns: [SchemaColumn]
    /// Indexes on the table (one per to-one foreign key, plus indexed attributes).
    public var indexes: [SchemaIndex]

    /// Creates a table description.
    public init(name: String, rootEntity: String, columns: [SchemaColumn], indexes: [SchemaIndex]) {
        self.name = name
        self.rootEntity = rootEntity
        self.columns = columns
        self.indexes = indexes
    }

    /// Core Data's DDL: `CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, … )`.
    public var createStatement: String {
        "CREATE TABLE \(SQLIdentifier.ddl(name)) ( \(columns.map(\.definition).joined(separator: ", ")) )"
    }

    /// The column with this role, if the table has one.
    public func column(_ role: SchemaColumn.Role) -> SchemaColumn? {
        columns.first { $0.role == role }
    }
}
