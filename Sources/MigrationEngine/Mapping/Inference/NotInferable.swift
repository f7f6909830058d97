/// A change lightweight migration cannot make on its own: it needs an explicit mapping.
public struct NotInferable: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The destination entity concerned.
    public var entity: String
    /// The destination property concerned, if the reason is about one property.
    public var property: String?
    /// Why it cannot be inferred, for the user.
    public var reason: String

    /// Creates a reason.
    package init(entity: String, property: String? = nil, reason: String) {
        self.entity = entity
        self.property = property
        self.reason = reason
    }

    /// `Entity.property: reason`.
    public var description: String {
        "\(entity)\(property.map { ".\($0)" } ?? ""): \(reason)"
    }
}
