/// One row of `Z_PRIMARYKEY`: an entity's number, its parent's number and the highest primary key handed out.
public struct PrimaryKeyEntry: Sendable, Hashable, Codable {
    /// `Z_ENT`, the entity's number (stored in every row's `Z_ENT` column).
    public var number: Int
    /// `Z_NAME`, the entity's name.
    public var name: String
    /// `Z_SUPER`, the parent entity's number, or 0 for a root entity.
    public var superNumber: Int
    /// `Z_MAX`, the highest `Z_PK` handed out (kept on the root's row).
    public var maxPrimaryKey: Int64

    /// Creates an entry.
    package init(number: Int, name: String, superNumber: Int, maxPrimaryKey: Int64) {
        self.number = number
        self.name = name
        self.superNumber = superNumber
        self.maxPrimaryKey = maxPrimaryKey
    }

    /// Whether the entry belongs to persistent history (numbers from 16000), not to the model.
    public var isHistory: Bool { number >= 16000 }
}
