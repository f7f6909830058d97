/// Migration policies by name, handed to the steps that run explicit mappings.
///
/// An app team builds its own small executable on the engine: it registers its policies under the
/// names its mappings use, then plans and runs the migration with this registry.
public struct MigrationPolicyRegistry: Sendable {
    private var policies: [String: any MigrationPolicy] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `policy` under `name`, replacing any earlier one. Xcode mapping models name policies
    /// by class (`MyApp.PostMigrationPolicy`); either that name or the part after the dot matches.
    ///
    /// - Parameters:
    ///   - policy: The policy.
    ///   - name: The name mappings use for it (a mapping file's `policy:`, or the class name in Xcode's).
    public mutating func register(_ policy: any MigrationPolicy, named name: String) {
        policies[name] = policy
    }

    /// The policy registered under `name` (or under its last dotted component).
    ///
    /// - Parameter name: The name a mapping gives, possibly module-qualified (`MyApp.PostMigrationPolicy`).
    /// - Returns: The policy; nil when none is registered under either name.
    public func policy(named name: String) -> (any MigrationPolicy)? {
        if let policy = policies[name] { return policy }
        if let short = name.split(separator: ".").last { return policies[String(short)] }
        return nil
    }

    /// The registered names, sorted.
    public var names: [String] { policies.keys.sorted() }
}
