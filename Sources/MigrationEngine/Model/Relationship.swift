/// What happens to related objects when an object is deleted. Not part of any version hash.
public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable {
    case noAction = "No Action"
    case nullify = "Nullify"
    case cascade = "Cascade"
    case deny = "Deny"

    /// Core Data's `NSDeleteRule` number.
    public var code: Int {
        switch self {
        case .noAction: 0
        case .nullify: 1
        case .cascade: 2
        case .deny: 3
        }
    }

    /// The rule for a Core Data `NSDeleteRule` number.
    package init?(code: Int) {
        guard let match = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = match
    }
}

/// A relationship from one entity to another, as declared in a model version.
public struct Relationship: Sendable, Hashable, Codable {
    /// The relationship's name.
    public var name: String
    /// The name of the entity it points to.
    public var destinationEntity: String
    /// The name of the inverse relationship on the destination, if any.
    public var inverseName: String?
    /// The entity that declares the inverse, if any.
    public var inverseEntity: String?
    /// Whether the relationship may be empty.
    public var isOptional: Bool
    /// Whether the relationship is kept in memory only.
    public var isTransient: Bool
    /// Whether the relationship is read-only (a hashed flag).
    public var isReadOnly: Bool
    /// Whether it holds many objects.
    public var isToMany: Bool
    /// Whether a to-many keeps its order.
    public var isOrdered: Bool
    /// The minimum number of objects (0 when absent).
    public var minCount: Int
    /// The maximum number of objects (0 means unbounded; a to-one has 1).
    public var maxCount: Int
    /// What a delete does to the related objects.
    public var deleteRule: DeleteRule
    /// The renaming identifier (`elementID` in Xcode's XML).
    public var renamingIdentifier: String?
    /// The version hash modifier.
    public var versionHashModifier: String?
    /// Free-form user info.
    public var userInfo: [String: String]

    /// Creates a relationship; a to-one unless `isToMany` is set.
    ///
    /// - Parameters:
    ///   - name: The relationship's name.
    ///   - destinationEntity: The name of the entity it points to.
    ///   - inverseName: The inverse relationship's name on the destination; nil without an inverse.
    ///   - inverseEntity: The entity that declares the inverse; nil for `destinationEntity`.
    ///   - isOptional: Whether the relationship may be empty.
    ///   - isTransient: Whether it is kept in memory only.
    ///   - isReadOnly: Whether it is read-only.
    ///   - isToMany: Whether it holds many objects.
    ///   - isOrdered: Whether a to-many keeps its order.
    ///   - minCount: The minimum number of objects.
    ///   - maxCount: The maximum number of objects, 0 for unbounded; nil for 1 on a to-one and 0 on a to-many.
    ///   - deleteRule: What a delete does to the related objects.
    ///   - renamingIdentifier: The name this relationship had before; nil when not renamed.
    ///   - versionHashModifier: Changes the version hash without changing the schema.
    ///   - userInfo: Free-form user info.
    public init(
        name: String, destinationEntity: String, inverseName: String? = nil, inverseEntity: String? = nil,
        isOptional: Bool = true, isTransient: Bool = false, isReadOnly: Bool = false,
        isToMany: Bool = false, isOrdered: Bool = false, minCount: Int = 0, maxCount: Int? = nil,
        deleteRule: DeleteRule = .nullify, renamingIdentifier: String? = nil,
        versionHashModifier: String? = nil, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.destinationEntity = destinationEntity
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isReadOnly = isReadOnly
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.minCount = minCount
        self.maxCount = maxCount ?? (isToMany ? 0 : 1)
        self.deleteRule = deleteRule
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.userInfo = userInfo
    }
}
