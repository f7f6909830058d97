/// The table shared by one root entity and all its sub-entities.
package struct SchemaTable: Sendable, Hashable, Codable {
    /// The table name, unquoted (`Z` + upper-cased root entity name).
    package var name: String
    /// The root entity stored here.
    package var rootEntity: String
    /// The columns in Core Data's DDL order.
    package var columns: [SchemaColumn]
    /// Indexes on the table (to-one keys, `Z_ENT` when sub-entities share it, declared indexes).
    package var indexes: [SchemaIndex]
    /// Table constraints after the columns (`CONSTRAINT ZA_ZB UNIQUE (ZA, ZB)` in the table-named style).
    package var constraints: [String]

    /// Creates a table description.
    package init(name: String, rootEntity: String, columns: [SchemaColumn], indexes: [SchemaIndex], constraints: [String] = []) {
        self.name = name
        self.rootEntity = rootEntity
        self.columns = columns
        self.indexes = indexes
        self.constraints = constraints
    }

    /// Core Data's DDL: `CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, … )`; constraints
    /// follow the last column with no space before the closing parenthesis, as Core Data writes them.
    package var createStatement: String {
        let body = columns.map(\.definition).joined(separator: ", ")
        let head = "CREATE TABLE \(SQLIdentifier(name).ddl) ( \(body)"
        return constraints.isEmpty ? head + " )" : head + ", " + constraints.joined(separator: ", ") + ")"
    }

    /// The column with this role, if the table has one.
    package func column(_ role: SchemaColumn.Role) -> SchemaColumn? {
        columns.first { $0.role == role }
    }
}
