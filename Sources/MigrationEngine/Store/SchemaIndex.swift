/// An index Core Data creates on an entity or join table.
public struct SchemaIndex: Sendable, Hashable, Codable {
    /// The index name, unquoted (`ZCOLOR_ZPOST_INDEX`).
    public var name: String
    /// The indexed table.
    public var table: String
    /// The indexed columns, in order.
    public var columns: [String]
    /// Text after each column (`COLLATE BINARY ASC` for fetch indexes), parallel to ``columns``; empty for none.
    public var columnSuffixes: [String]
    /// Whether it is a `UNIQUE` index (uniqueness constraints).
    public var isUnique: Bool
    /// The entity whose declaration it comes from (an indexed attribute, a compound or fetch index, a
    /// uniqueness constraint); `nil` for the indexes Core Data adds itself (to-one keys, `Z_ENT`, join tables).
    package var declaringEntity: String?

    /// Creates an index description.
    package init(
        name: String, table: String, columns: [String], columnSuffixes: [String] = [], isUnique: Bool = false,
        declaringEntity: String? = nil
    ) {
        self.declaringEntity = declaringEntity
        self.name = name
        self.table = table
        self.columns = columns
        self.columnSuffixes = columnSuffixes
        self.isUnique = isUnique
    }

    /// Core Data's DDL: `CREATE INDEX ZCOLOR_ZPOST_INDEX ON ZCOLOR (ZPOST)`.
    public var createStatement: String {
        let list = columns.enumerated().map { index, column in
            let suffix = index < columnSuffixes.count ? columnSuffixes[index] : ""
            return SQLIdentifier(column).ddl + (suffix.isEmpty ? "" : " " + suffix)
        }
        let kind = isUnique ? "CREATE UNIQUE INDEX" : "CREATE INDEX"
        return "\(kind) \(SQLIdentifier(name).ddl) ON \(SQLIdentifier(table).ddl) (\(list.joined(separator: ", ")))"
    }
}
