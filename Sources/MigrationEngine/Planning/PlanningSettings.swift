/// Everything that shapes a plan besides the model and the store: the order, downgrades, routing, and where
/// explicit mappings live. Read from `cdmigrate.yaml` and overridden from the command line.
public struct PlanningSettings: Sendable, Hashable {
    /// How versions are ordered.
    public var order: VersionOrderRule
    /// Whether inferred steps may also run from a newer version to an older one.
    public var allowsDowngrades: Bool
    /// Routing overrides and broken versions.
    public var routing: RoutingRules
    /// Directories searched for explicit mappings (absolute, or relative to the current directory).
    public var mappingDirectories: [String]

    /// Creates settings; the defaults are natural order, no downgrades, no routing, no mapping directories.
    ///
    /// - Parameters:
    ///   - order: How versions are ordered.
    ///   - allowsDowngrades: Whether inferred steps may also run from a newer version to an older one.
    ///   - routing: Routing overrides and broken versions.
    ///   - mappingDirectories: Directories searched for explicit mappings (absolute, or relative to the
    ///     current directory).
    public init(
        order: VersionOrderRule = .natural, allowsDowngrades: Bool = false,
        routing: RoutingRules = RoutingRules(), mappingDirectories: [String] = []
    ) {
        self.order = order
        self.allowsDowngrades = allowsDowngrades
        self.routing = routing
        self.mappingDirectories = mappingDirectories
    }

    /// The order of these versions under these settings.
    package func versionOrder(for versions: [String]) throws(PlanningError) -> VersionOrder {
        try VersionOrder(rule: order, versions: versions, allowsDowngrades: allowsDowngrades)
    }
}
