/// The table behind a many-to-many relationship: one row per linked pair.
///
/// It is named after one side, `Z_<entity number><RELATIONSHIP>` (the rules are in ``ManyToManyLayout``);
/// a name found in an existing store wins over the prediction.
public struct JoinTable: Sendable, Hashable, Codable {
    /// One end of the relationship: the declaring entity and the relationship's name.
    public struct Side: Sendable, Hashable, Codable {
        /// The entity that declares the relationship.
        public var entity: String
        /// The relationship's name.
        public var relationship: String

        /// Creates a side.
        package init(entity: String, relationship: String) {
            self.entity = entity
            self.relationship = relationship
        }
    }

    /// The table name, unquoted.
    public var name: String
    /// The relationship the table is named after.
    public var owner: Side
    /// Its inverse (equal to `owner` for a relationship that is its own inverse).
    public var inverse: Side
    /// Holds the `Z_PK` of the owner side's objects (`Z_<n><INVERSE NAME>`).
    public var ownerColumn: String
    /// Holds the `Z_PK` of the objects the owner relationship points to (`Z_<m><OWNER NAME>` or `REFLEXIVE`).
    public var targetColumn: String
    /// Order columns (`Z_FOK_…`) for ordered sides: order of targets within an owner, then the reverse.
    public var orderColumns: [String]

    /// Creates a join table description.
    package init(
        name: String, owner: Side, inverse: Side, ownerColumn: String, targetColumn: String,
        orderColumns: [String] = []
    ) {
        self.name = name
        self.owner = owner
        self.inverse = inverse
        self.ownerColumn = ownerColumn
        self.targetColumn = targetColumn
        self.orderColumns = orderColumns
    }

    /// The `Z_FOK_` column keeping the order of the relationship on `side`, if that side is ordered.
    ///
    /// - Parameter side: ``owner`` or ``inverse``.
    /// - Returns: The column's name; nil when that side is not ordered.
    public func orderColumn(ordering side: Side) -> String? {
        let name = Self.orderColumnName(for: side == owner ? targetColumn : ownerColumn)
        return orderColumns.contains(name) ? name : nil
    }

    /// `Z_FOK_` + the object column's name without its `Z_` prefix.
    static func orderColumnName(for column: String) -> String {
        "Z_FOK_" + (column.hasPrefix("Z_") ? String(column.dropFirst(2)) : column)
    }

    /// The index Core Data adds for lookups from the target side.
    public var index: SchemaIndex {
        SchemaIndex(name: "\(name)_\(targetColumn)_INDEX", table: name, columns: [targetColumn, ownerColumn])
    }

    /// Core Data's DDL, with a composite primary key over the two object columns.
    public var createStatement: String {
        let columns = ([ownerColumn, targetColumn] + orderColumns).map { SQLIdentifier($0).ddl + " INTEGER" }
        let key = [ownerColumn, targetColumn].map { SQLIdentifier($0).ddl }.joined(separator: ", ")
        return "CREATE TABLE \(SQLIdentifier(name).ddl) ( \(columns.joined(separator: ", ")), PRIMARY KEY (\(key)) )"
    }
}
