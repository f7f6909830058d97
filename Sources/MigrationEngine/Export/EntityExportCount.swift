/// What `export` wrote for one entity.
public struct EntityExportCount: Sendable, Hashable, Codable {
    /// The entity.
    public var entity: String
    /// The file written, or nil for standard output.
    public var file: String?
    /// How many objects were written.
    public var objects: Int

    /// Creates a count.
    package init(entity: String, file: String?, objects: Int) {
        self.entity = entity
        self.file = file
        self.objects = objects
    }
}
