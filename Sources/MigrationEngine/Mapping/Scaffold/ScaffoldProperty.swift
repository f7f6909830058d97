/// A destination attribute or relationship of a ``ScaffoldMapping`` with its value and a comment.
public struct ScaffoldProperty: Sendable, Hashable {
    /// The destination property's name.
    public var name: String
    /// Its value.
    public var value: ScaffoldValue
    /// Written after the value: the property's type, or why the value is what it is.
    public var comment: String?

    /// Creates a property line.
    package init(name: String, value: ScaffoldValue, comment: String? = nil) {
        self.name = name
        self.value = value
        self.comment = comment
    }
}
