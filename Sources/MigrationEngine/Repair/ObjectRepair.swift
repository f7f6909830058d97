/// What a migration or salvage does with objects that break the rules of their model version (a required
/// value or to-one left empty, a key naming no object, a `Z_ENT` naming no entity of its table, `Z_MAX`
/// below the largest `Z_PK`).
public enum BrokenObjectPolicy: String, Sendable, Hashable, Codable {
    /// Change nothing: the run fails naming the first object and the rule it breaks.
    case refuse
    /// Repair each object and list the change (``ObjectRepair``): an optional reference to no object is
    /// cleared; a required attribute gets the model's default, else its type's zero; `Z_MAX` is raised; an
    /// object that cannot be repaired so (a required to-one empty or naming no object, an entity number of
    /// no entity, a required value with no zero) is set aside in a side store.
    case repair
}

/// One change made to one object of a store that broke its model.
public struct ObjectRepair: Sendable, Hashable, Codable {
    /// What was done.
    public enum Action: String, Sendable, Hashable, Codable {
        /// `Z_PRIMARYKEY.Z_MAX` raised to the largest `Z_PK`.
        case raised
        /// An optional reference to no object cleared (a to-one set to NULL, a many-to-many link removed).
        case cleared
        /// A required attribute left empty given its default value.
        case defaulted
        /// The object moved to the side store.
        case setAside
        /// Bookkeeping (a metadata key, the model cache) rewritten to the version the store's schema matches.
        case rewritten
    }

    /// The object's entity (the table's root entity when its `Z_ENT` names none).
    public var entity: String
    /// The object's `Z_PK` (for ``Action/raised``, the largest key of the table).
    public var primaryKey: Int64
    /// The property changed, or `Z_ENT` / `Z_MAX`.
    public var property: String
    /// The rule the object broke.
    public var rule: String
    /// What was done.
    public var action: Action
    /// The value before (nil: empty).
    public var old: String?
    /// The value after (nil: empty, or the object set aside).
    public var new: String?

    /// One line: `Post 5 color: required to-one is empty: empty → set aside`.
    public var text: String {
        let after = action == .setAside ? "set aside" : (new ?? "empty")
        return "\(entity) \(primaryKey) \(property): \(rule): \(old ?? "empty") → \(after)"
    }
}

/// Every change a repair made to a store's objects.
public struct RepairReport: Sendable, Hashable, Codable {
    /// The changes, object by object (the first ``listLimit``).
    public var changes: [ObjectRepair] = []
    /// Changes made beyond those listed (a store with more broken objects than ``listLimit``).
    public var unlisted: Int = 0
    /// Objects set aside.
    public var setAside: Int = 0
    /// The side store holding the objects set aside, as they were; nil when none was.
    public var sideStore: String?

    /// The most changes listed one by one, so a store whose every row is broken is repaired in bounded memory.
    public static let listLimit = 100_000

    /// Creates an empty report.
    public init() {}

    /// Every change made, listed or not.
    public var total: Int { changes.count + unlisted }

    mutating func add(_ change: ObjectRepair) {
        if change.action == .setAside { setAside += 1 }
        if changes.count < Self.listLimit { changes.append(change) } else { unlisted += 1 }
    }
}
