import Foundation

/// An explicit mapping found in a mapping directory, before it is tied to model versions.
///
/// Like Core Data's mapping models, it is matched to versions by the entity version hashes it was made for:
/// a version matches when it has every entity in `sourceHashes` with the same hash (likewise for the
/// destination). A mapping that names its versions (`sourceVersion`) is matched by name as well.
public struct ExplicitMappingCandidate: Sendable {
    /// A name for plans and errors (the mapping file's name).
    public var name: String
    /// Entity version hashes of the source version the mapping was made for.
    public var sourceHashes: [String: Data]
    /// Entity version hashes of the destination version.
    public var destinationHashes: [String: Data]
    /// The source version's name, when the mapping states it.
    public var sourceVersion: String?
    /// The destination version's name, when the mapping states it.
    public var destinationVersion: String?
    /// Operations the mapping performs, for plans.
    public var operations: [String]
    /// Warnings worth showing in a plan.
    public var warnings: [String]
    /// Builds the runnable step once the source and destination versions are known.
    package var makeStep: @Sendable (_ source: ObjectModel, _ destination: ObjectModel) throws -> any MigrationStep

    /// Creates a candidate.
    package init(
        name: String, sourceHashes: [String: Data], destinationHashes: [String: Data],
        sourceVersion: String? = nil, destinationVersion: String? = nil,
        operations: [String] = [], warnings: [String] = [],
        makeStep: @escaping @Sendable (ObjectModel, ObjectModel) throws -> any MigrationStep
    ) {
        self.name = name
        self.sourceHashes = sourceHashes
        self.destinationHashes = destinationHashes
        self.sourceVersion = sourceVersion
        self.destinationVersion = destinationVersion
        self.operations = operations
        self.warnings = warnings
        self.makeStep = makeStep
    }

    /// Whether a version with these entity hashes (and this name) fits the mapping's source side.
    package func matchesSource(_ version: String, hashes: [String: Data]) -> Bool {
        Self.matches(version, hashes, name: sourceVersion, expected: sourceHashes)
    }

    /// Whether a version with these entity hashes (and this name) fits the mapping's destination side.
    package func matchesDestination(_ version: String, hashes: [String: Data]) -> Bool {
        Self.matches(version, hashes, name: destinationVersion, expected: destinationHashes)
    }

    private static func matches(_ version: String, _ hashes: [String: Data], name: String?, expected: [String: Data]) -> Bool {
        if let name, name != version { return false }
        if name == nil, expected.isEmpty { return false }
        return expected.allSatisfy { hashes[$0.key] == $0.value }
    }
}
