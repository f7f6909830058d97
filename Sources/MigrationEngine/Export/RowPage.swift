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

    /// The page as text in `format`, encoded as `export` encodes objects: CSV with its header line, a JSON
    /// array (one object a line), or one JSON object a line; each ends with a line break.
    ///
    /// - Parameter format: The encoding.
    /// - Returns: The text.
    public func text(as format: ExportFormat) -> String {
        switch format {
        case .csv: ObjectTextEncoding.csvHeader(fields) + objects.map(ObjectTextEncoding.csvRecord).joined()
        case .json: "[" + objects.map(ObjectTextEncoding.jsonObject).joined(separator: ",\n") + "]\n"
        case .jsonl: objects.map { ObjectTextEncoding.jsonObject($0) + "\n" }.joined()
        }
    }
}
