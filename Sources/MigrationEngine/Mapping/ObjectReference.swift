/// A managed object seen by an expression: which store it lives in, its entity and its primary key.
public struct ObjectReference: Sendable, Hashable, CustomStringConvertible {
    /// Which side of a migration step an object belongs to.
    public enum Side: String, Sendable, Hashable {
        /// An object of the store being migrated (read-only).
        case source
        /// An object created in the new store.
        case destination
    }

    /// Which store the object lives in.
    public var side: Side
    /// The entity's name.
    public var entity: String
    /// The object's `Z_PK`.
    public var primaryKey: Int64

    /// Creates a reference.
    package init(side: Side, entity: String, primaryKey: Int64) {
        self.side = side
        self.entity = entity
        self.primaryKey = primaryKey
    }

    /// `Post#12` (source) or `Post#12'` (destination).
    public var description: String {
        "\(entity)#\(primaryKey)\(side == .destination ? "'" : "")"
    }
}
