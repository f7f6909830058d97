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
    /// For links of a to-many that becomes the inverse of a to-one it was not the inverse of: that to-one,
    /// declared by the objects the to-many holds. Only an object whose to-one names another owner than the
    /// to-many gave it loses the to-many's link (``InferredPropertyMapping/mergesMembershipsOf``); `nil` for
    /// a property dropped whole.
    public var conflictsWith: String?
    /// For links that move into a key holding one owner per object (a to-one's, or a to-many's without an
    /// inverse, in the members' table; ``LinkStorage``): that destination relationship (`Feed.event`). A
    /// member the source linked to several owners keeps one (its own `conflictsWith` where it has one, else
    /// the owner of lowest key); the others are the loss. `nil` for a property dropped whole.
    public var keptBy: String?
    /// Values (non-null attribute values, links, or objects) that the store at hand holds; `nil`
    /// when no store was examined.
    public var count: Int?

    /// Creates a loss record.
    package init(
        kind: Kind, entity: String, property: String? = nil, conflictsWith: String? = nil, keptBy: String? = nil,
        count: Int? = nil
    ) {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.conflictsWith = conflictsWith
        self.keptBy = keptBy
        self.count = count
    }

    /// `drops Post.content (10 values)`; `drops Photo.children where the member's parent differs (1 link)`;
    /// `drops Event.feeds where several name one member (Feed.event keeps one) (2 links)`.
    public var description: String {
        var what = kind == .entity ? "entity \(entity)" : "\(entity).\(property ?? "")"
        if let conflictsWith {
            what += " where the member's \(conflictsWith) differs"
        } else if let keptBy {
            what += " where several name one member (\(keptBy) keeps one)"
        }
        guard let count else { return "drops \(what)" }
        let unit = kind == .entity ? "object" : kind == .relationship ? "link" : "value"
        return "drops \(what) (\(count) \(unit)\(count == 1 ? "" : "s"))"
    }
}
