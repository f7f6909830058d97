/// One column of an entity table, with what it holds.
public struct SchemaColumn: Sendable, Hashable, Codable {
    /// What a column holds.
    public enum Role: Sendable, Hashable, Codable {
        /// `Z_PK`, the object's primary key.
        case primaryKey
        /// `Z_ENT`, the number of the object's entity.
        case entityNumber
        /// `Z_OPT`, the optimistic-locking save counter.
        case saveCounter
        /// An attribute's value.
        case attribute(entity: String, name: String)
        /// A to-one relationship: the target's `Z_PK`.
        case foreignKey(entity: String, relationship: String)
        /// A to-one relationship's target entity number (`Z<n>_<NAME>`), when the target has sub-entities.
        case foreignEntity(entity: String, relationship: String)
        /// A to-one's position in its inverse ordered to-many (`Z_FOK_<NAME>`).
        case foreignOrder(entity: String, relationship: String)
        /// A to-many without an inverse, in its destination's table: the `Z_PK` of the object (of `entity`,
        /// which declares `relationship`) whose set holds the row (`Z<n><NAME>`, `n` the declaring entity's
        /// number), as an inverse to-one's key would.
        case toManyKey(entity: String, relationship: String)
    }

    /// The column name, unquoted.
    public var name: String
    /// The declared SQL type (`INTEGER`, `TIMESTAMP`, `FLOAT`, `DECIMAL`, `VARCHAR`, `BLOB`).
    public var sqlType: String
    /// What the column holds.
    public var role: Role

    /// Creates a column.
    package init(name: String, sqlType: String, role: Role) {
        self.name = name
        self.sqlType = sqlType
        self.role = role
    }

    /// The column as it appears in `CREATE TABLE`.
    var definition: String {
        let type = role == .primaryKey ? "INTEGER PRIMARY KEY" : sqlType
        return SQLIdentifier(name).ddl + " " + type
    }
}
