/// A page of objects from `rows`: the entity's fields (known even when no object matched) and the objects.
public struct RowPage: Sendable, Hashable {
    /// The field names, in output order.
    public var fields: [String]
    /// The objects, in primary-key order.
    public var objects: [ExportedObject]

    /// Creates a page.
    package init(fields: [String], objects: [ExportedObject]) {
        self.fields = fields
        self.objects = objects
    }
}
