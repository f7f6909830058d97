/// One object read for `export` or `rows`: who it is and its values rendered by model type, one per field of
/// its entity's layout (`_uri`, `_entity`, `_pk`, attributes, to-ones, to-manys).
public struct ExportedObject: Sendable, Hashable {
    /// The object's own entity (a sub-entity's name when the row is one).
    public var entity: String
    /// Its `Z_PK`.
    public var primaryKey: Int64
    /// The field names, in output order.
    public var fields: [String]
    /// One rendered value per field.
    public var values: [RenderedValue]

    /// Creates an object.
    package init(entity: String, primaryKey: Int64, fields: [String], values: [RenderedValue]) {
        self.entity = entity
        self.primaryKey = primaryKey
        self.fields = fields
        self.values = values
    }

    /// The value of the field named `name`.
    ///
    /// - Parameter name: A field name (`_uri`, `_entity`, `_pk`, or a property's name).
    /// - Returns: The rendered value; nil when the entity's layout has no such field.
    public subscript(_ name: String) -> RenderedValue? {
        fields.firstIndex(of: name).map { values[$0] }
    }
}
