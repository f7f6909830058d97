/// A likely rename that lacks a renaming identifier: in one entity, one property of a type disappears
/// and one of the same type appears. Inference alone would drop the old values.
public struct RenameSuggestion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The destination entity.
    public var entity: String
    /// The source property that disappears.
    public var from: String
    /// The destination property that appears.
    public var to: String

    /// Creates a suggestion.
    package init(entity: String, from: String, to: String) {
        self.entity = entity
        self.from = from
        self.to = to
    }

    /// Advice in one line.
    public var description: String {
        "\(entity).\(to) may be \(entity).\(from) renamed: set its renaming identifier to \"\(from)\" to keep the values"
    }
}
