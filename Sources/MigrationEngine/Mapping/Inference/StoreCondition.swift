/// What a store must hold for an inferred step to migrate it.
///
/// Core Data infers a step that adds a required property without a default, or makes one required without
/// a default, and then checks the objects when it migrates: it stops with "missing attribute values on
/// mandatory destination attribute" when an object has no value, and migrates a store without such objects
/// (an entity with no objects yet, or values the app always set). So such a step is inferable with a
/// condition on the store, checked on the step's own source when it runs (``StoreConditionCounter``), not
/// refused for every store.
public struct StoreCondition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the store's objects must satisfy.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The source entity has no objects of its own: each would get no value.
        case noObjects
        /// Every object of the source entity has a value for the source property.
        case everyObjectHasValue
    }

    /// What the store's objects must satisfy.
    public var kind: Kind
    /// The destination entity.
    public var entity: String
    /// The destination property that needs a value.
    public var property: String
    /// The source entity whose own objects (not its sub-entities') are checked.
    public var sourceEntity: String
    /// The source property whose values must all be there (``Kind/everyObjectHasValue``).
    public var sourceProperty: String?
    /// Why, for the user.
    public var reason: String
    /// Objects of the store at hand that break the condition; `nil` when no store was examined.
    public var count: Int?

    /// Creates a condition.
    package init(
        kind: Kind, entity: String, property: String, sourceEntity: String, sourceProperty: String? = nil, reason: String,
        count: Int? = nil
    ) {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.sourceEntity = sourceEntity
        self.sourceProperty = sourceProperty
        self.reason = reason
        self.count = count
    }

    /// `Post.color: new required to-one relationship; needs no Post objects (3 in the store)`.
    public var description: String {
        let need =
            switch kind {
            case .noObjects: "needs no \(sourceEntity) objects"
            case .everyObjectHasValue: "needs every \(sourceEntity) object to have a \(sourceProperty ?? property)"
            }
        let counted = count.map { $0 == 0 ? " (none breaks it in the store)" : " (\($0) break it in the store)" } ?? ""
        return "\(entity).\(property): \(reason); \(need)\(counted)"
    }
}
