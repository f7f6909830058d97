/// How one destination attribute or relationship gets its value.
public struct PropertyMapping: Sendable, Hashable {
    /// The destination property's name.
    public var name: String
    /// The value: for an attribute a value; for a relationship the destination objects to link to. `nil`
    /// leaves the property unset (an attribute keeps its default), as an `NSPropertyMapping` without a value
    /// expression does.
    public var value: MappingExpression?
    /// Where the property's name is written in the mapping file.
    public var position: SourcePosition?

    /// Creates a property mapping.
    package init(name: String, value: MappingExpression?, position: SourcePosition? = nil) {
        self.name = name
        self.value = value
        self.position = position
    }
}
