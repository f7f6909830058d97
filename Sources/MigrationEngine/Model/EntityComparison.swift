/// How one entity of a model version compares with the store.
public struct EntityComparison: Sendable, Hashable, Codable {
    /// The outcome for the entity.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Same name and (with hash scheme 3) same hash.
        case matches
        /// In both, with different hashes.
        case differs
        /// In the model version, not in the store.
        case missing
        /// In the store, not in the model version.
        case extra
    }

    /// The entity's name.
    public var entity: String
    /// The outcome.
    public var status: Status
    /// The store's hash, base64, when the store has the entity.
    public var storeHash: String?
    /// The version's hash, base64, when the version has the entity.
    public var modelHash: String?
    /// What differs, when the store's own model was available to compare with (else empty).
    public var differences: [PropertyDifference]

    /// Creates an entity comparison.
    package init(entity: String, status: Status, storeHash: String?, modelHash: String?, differences: [PropertyDifference] = []) {
        self.entity = entity
        self.status = status
        self.storeHash = storeHash
        self.modelHash = modelHash
        self.differences = differences
    }
}

/// One difference between an entity in a model version and the same entity in the store's model.
public struct PropertyDifference: Sendable, Hashable, Codable {
    /// What kind of difference.
    public enum Change: String, Sendable, Hashable, Codable {
        /// The version has the property, the store does not.
        case missing
        /// The store has the property, the version does not.
        case extra
        /// Both have it, with different hashed facets.
        case changed
    }

    /// The property's name, or `nil` for a difference of the entity itself (parent, abstract, modifier, constraints).
    public var property: String?
    /// `attribute`, `relationship` or `entity`.
    public var kind: String
    /// The kind of difference.
    public var change: Change
    /// Each changed facet as `facet: store → version` (for example `type: String → Integer 32`).
    public var details: [String]

    /// Creates a difference.
    package init(property: String?, kind: String, change: Change, details: [String] = []) {
        self.property = property
        self.kind = kind
        self.change = change
        self.details = details
    }
}
