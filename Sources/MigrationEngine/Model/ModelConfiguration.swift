/// A named configuration of a model: the subset of entities one persistent store holds. (Named so that it
/// never clashes with GRDB's `Configuration` in code that uses both.)
public struct ModelConfiguration: Sendable, Hashable, Codable {
    /// The configuration's name.
    public var name: String
    /// The entities it contains.
    public var entityNames: [String]

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - name: The configuration's name.
    ///   - entityNames: The entities it contains.
    public init(name: String, entityNames: [String]) {
        self.name = name
        self.entityNames = entityNames
    }
}
