/// One entity's objects in a salvage.
public struct EntitySalvage: Sendable, Hashable, Codable {
    /// The entity.
    public var entity: String
    /// How many objects the damaged store holds, when an index over its table still reads in full.
    public var found: Int?
    /// How many objects were read from the damaged store.
    public var read: Int
    /// Objects read but left out: a required to-one of theirs pointed at a lost object.
    public var dropped: Int
    /// Objects written to the new store.
    public var recovered: Int { read - dropped }
    /// `found - recovered`, when `found` is known.
    public var lost: Int? { found.map { max(0, $0 - recovered) } }
    /// References from this entity's objects to lost objects that were cleared (to-one keys set to NULL,
    /// many-to-many links dropped).
    public var danglingCleared: Int
    /// For the root entity of a table, how many more objects than those known lost it and its sub-entities
    /// (which share its keys) may have lost: ``TableSalvage/mayHaveBeenLost``. Nil for a sub-entity, or when
    /// `Z_MAX` is unreadable.
    public var mayHaveBeenLost: Int64? = nil

    /// Creates an entity's figures.
    package init(entity: String, found: Int?, read: Int, dropped: Int = 0, danglingCleared: Int = 0) {
        self.entity = entity
        self.found = found
        self.read = read
        self.dropped = dropped
        self.danglingCleared = danglingCleared
    }

    private enum CodingKeys: String, CodingKey {
        case entity, found, read, dropped, recovered, lost, mayHaveBeenLost, danglingCleared
    }

    /// Encodes every figure, `lost` included.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entity, forKey: .entity)
        try container.encode(found, forKey: .found)
        try container.encode(read, forKey: .read)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(recovered, forKey: .recovered)
        try container.encode(lost, forKey: .lost)
        try container.encode(mayHaveBeenLost, forKey: .mayHaveBeenLost)
        try container.encode(danglingCleared, forKey: .danglingCleared)
    }

    /// Decodes the figures (`lost` is derived).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: The decoder's `DecodingError` when the value does not have this form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            entity: container.decode(String.self, forKey: .entity), found: container.decodeIfPresent(Int.self, forKey: .found),
            read: container.decode(Int.self, forKey: .read), dropped: container.decode(Int.self, forKey: .dropped),
            danglingCleared: container.decode(Int.self, forKey: .danglingCleared))
        mayHaveBeenLost = try container.decodeIfPresent(Int64.self, forKey: .mayHaveBeenLost)
    }
}
