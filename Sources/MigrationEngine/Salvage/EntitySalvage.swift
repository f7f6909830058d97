/// One entity's objects in a salvage.
public struct EntitySalvage: Sendable, Hashable, Codable {
    /// The entity.
    public var entity: String
    /// How many objects the damaged store holds, when an index over its table still reads in full.
    public var found: Int?
    /// How many objects were written to the new store.
    public var recovered: Int
    /// `found - recovered`, when `found` is known.
    public var lost: Int? { found.map { max(0, $0 - recovered) } }
    /// References from this entity's objects to lost objects that were cleared (to-one keys set to NULL,
    /// many-to-many links dropped).
    public var danglingCleared: Int

    /// Creates an entity's figures.
    public init(entity: String, found: Int?, recovered: Int, danglingCleared: Int) {
        self.entity = entity
        self.found = found
        self.recovered = recovered
        self.danglingCleared = danglingCleared
    }

    private enum CodingKeys: String, CodingKey {
        case entity, found, recovered, lost, danglingCleared
    }

    /// Encodes every figure, `lost` included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entity, forKey: .entity)
        try container.encode(found, forKey: .found)
        try container.encode(recovered, forKey: .recovered)
        try container.encode(lost, forKey: .lost)
        try container.encode(danglingCleared, forKey: .danglingCleared)
    }

    /// Decodes the figures (`lost` is derived).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            entity: container.decode(String.self, forKey: .entity), found: container.decodeIfPresent(Int.self, forKey: .found),
            recovered: container.decode(Int.self, forKey: .recovered),
            danglingCleared: container.decode(Int.self, forKey: .danglingCleared))
    }
}
