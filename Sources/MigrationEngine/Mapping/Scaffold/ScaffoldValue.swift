/// A value in a ``MappingScaffold``, as the mapping file will hold it.
public enum ScaffoldValue: Sendable, Hashable {
    /// Written as it is: an expression, or an entity name.
    case text(String)
    /// `{ mapping: Name, from: expression }`: the destination objects that mapping made (`from` nil: `$source`).
    case lookup(mapping: String, from: String?)
    /// `<fill>`: a value a person must write before the file can be used.
    case placeholder
    /// A line written as a comment, offered for a person to uncomment (`# merge: <expression>`).
    case commented(String)
    /// No line of its own, only the property's comment (a relationship set through its inverse).
    case note

    /// The placeholder's text in a mapping file.
    public static let placeholderText = "<fill>"
}
