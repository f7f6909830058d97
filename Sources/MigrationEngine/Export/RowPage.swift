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

    /// The page as text in `format`, framed and encoded exactly as `export` writes a file (the same
    /// ``ExportStream``): CSV with its header line, a JSON array, or one JSON object a line.
    ///
    /// - Parameter format: The encoding.
    /// - Returns: The text.
    /// - Throws: Nothing in practice: a page holds its values in memory, and only reading a large value from
    ///   where it lies or writing to a file can fail in ``ExportStream``.
    public func text(as format: ExportFormat) throws -> String {
        var bytes: [UInt8] = []
        let stream = try ExportStream(format: format, fields: fields, path: "rows") { bytes.append(contentsOf: $0) }
        for object in objects { try stream.write(object) }
        _ = try stream.finish()
        return String(decoding: bytes, as: UTF8.self)
    }
}
