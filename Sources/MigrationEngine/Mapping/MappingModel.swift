import Foundation

/// An explicit mapping for one migration step: which versions it joins and how each entity is mapped.
///
/// Read from a cdmigrate mapping file (``MappingFileReader``) or imported from an Xcode mapping model
/// (``XcodeMappingImporter``), then run by ``MappedStep``.
public struct MappingModel: Sendable, Hashable {
    /// The source model version's name.
    public var sourceVersion: String
    /// The destination model version's name.
    public var destinationVersion: String
    /// The entity mappings, run in this order.
    public var entityMappings: [EntityMapping]
    /// Whether entities in both versions that no mapping reads are copied as they are (the default) or dropped.
    public var copiesUnmappedEntities: Bool
    /// The file the mapping came from, for messages.
    public var path: String?
    /// Things a person must know or provide before the mapping can run (such as custom policy classes).
    public var notes: [String]

    /// Creates a mapping model.
    public init(
        sourceVersion: String, destinationVersion: String, entityMappings: [EntityMapping],
        copiesUnmappedEntities: Bool = true, path: String? = nil, notes: [String] = []
    ) {
        self.sourceVersion = sourceVersion
        self.destinationVersion = destinationVersion
        self.entityMappings = entityMappings
        self.copiesUnmappedEntities = copiesUnmappedEntities
        self.path = path
        self.notes = notes
    }

    /// The entity mapping with this name.
    public func mapping(named name: String) -> EntityMapping? {
        entityMappings.first { $0.name == name }
    }

    /// The names of the custom policies the mapping needs.
    public var requiredPolicies: [String] {
        var seen: Set<String> = []
        return entityMappings.compactMap(\.policy).filter { seen.insert($0).inserted }
    }
}
