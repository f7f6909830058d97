/// Data an inferred step would drop: a property or entity the destination has no place for.
public struct DataLoss: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What disappears.
    public enum Kind: String, Sendable, Hashable, Codable {
        case attribute, relationship, entity
    }

    /// What disappears.
    public var kind: Kind
    /// The source entity.
    public var entity: String
    /// The source property (`nil` when a whole entity is dropped).
    public var property: String?
    /// Values (non-null attribute values, links, or objects) that the store at hand holds; `nil`
    /// when no store was examined.
    public var count: Int?

    /// Creates a loss record.
    package init(kind: Kind, entity: String, property: String? = nil, count: Int? = nil) {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.count = count
    }

    /// `drops Post.content (10 values)`.
    public var description: String {
        let what = kind == .entity ? "entity \(entity)" : "\(entity).\(property ?? "")"
        guard let count else { return "drops \(what)" }
        let unit = kind == .entity ? "object" : kind == .relationship ? "link" : "value"
        return "drops \(what) (\(count) \(unit)\(count == 1 ? "" : "s"))"
    }
}
