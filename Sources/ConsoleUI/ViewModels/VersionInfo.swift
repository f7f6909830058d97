/// One model version as the Versions pane shows it.
package struct VersionInfo: Sendable, Hashable {
    /// The version's name.
    package var name: String
    /// Whether the model bundle names it as the current version.
    package var isCurrent: Bool

    /// Creates a version row.
    package init(name: String, isCurrent: Bool) {
        self.name = name
        self.isCurrent = isCurrent
    }
}
