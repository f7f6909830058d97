/// How one destination attribute or relationship gets its values in an inferred mapping.
public struct InferredPropertyMapping: Sendable, Hashable, Codable {
    /// Whether the property is an attribute or a relationship.
    public enum Kind: String, Sendable, Hashable, Codable {
        case attribute, relationship
    }

    /// Attribute or relationship.
    public var kind: Kind
    /// The destination property's name.
    public var destination: String
    /// The source property it takes values from; `nil` when the property is new.
    public var source: String?
    /// The default written where there is no value (new property, or newly required with missing values).
    public var defaultValue: DefaultLiteral?
    /// Whether the property was optional and becomes required.
    public var becomesRequired: Bool
    /// Whether the property was required and becomes optional.
    public var becomesOptional: Bool
    /// The destination type when a number changes numeric type (values are converted to it); `nil` otherwise.
    public var convertsTo: AttributeType?
    /// For a to-one whose to-many inverse was a relationship of its own in the source: that source
    /// relationship (`Entity.relationship`), whose owner the to-one takes for each object its own source
    /// relationship (if it has one) left without one. Where both held an owner and they differ, the to-one's
    /// is kept and the other counted as lost (``DataLoss/conflictsWith``); where that relationship linked an
    /// object to several owners, one is kept and the others counted (``DataLoss/keptBy``). `nil` otherwise.
    public var mergesMembershipsOf: String?
    /// Whether a to-one relationship becomes a to-many.
    public var becomesToMany: Bool

    /// Creates a property mapping.
    package init(
        kind: Kind, destination: String, source: String?, defaultValue: DefaultLiteral? = nil,
        becomesRequired: Bool = false, becomesOptional: Bool = false, convertsTo: AttributeType? = nil,
        becomesToMany: Bool = false
    ) {
        self.kind = kind
        self.destination = destination
        self.source = source
        self.defaultValue = defaultValue
        self.becomesRequired = becomesRequired
        self.becomesOptional = becomesOptional
        self.convertsTo = convertsTo
        self.becomesToMany = becomesToMany
    }

    /// Whether the property takes values from a source property of another name.
    public var isRenamed: Bool { source.map { $0 != destination } ?? false }
    /// Whether the property is new (no source).
    public var isAdded: Bool { source == nil }
}
