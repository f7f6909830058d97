/// One model version as the Versions pane shows it.
public struct VersionInfo: Sendable, Hashable {
    /// The version's name.
    public var name: String
    /// Whether the model bundle names it as the current version.
    public var isCurrent: Bool

    /// Creates a version row.
    public init(name: String, isCurrent: Bool) {
        self.name = name
        self.isCurrent = isCurrent
    }
}
