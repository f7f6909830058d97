import Foundation

/// An explicit mapping for one migration step: which versions it joins and how each entity is mapped.
///
/// Read from a cdmigrate mapping file (``MappingFileReader``) or imported from an Xcode mapping model
/// (``XcodeMappingImporter``), then run by ``MappedStep``.
package struct MappingModel: Sendable, Hashable {
    /// The source model version's name.
    package var sourceVersion: String
    /// The destination model version's name.
    package var destinationVersion: String
    /// The entity mappings, run in this order.
    package var entityMappings: [EntityMapping]
    /// Whether entities in both versions that no mapping reads are copied as they are (the default) or dropped.
    package var copiesUnmappedEntities: Bool
    /// The file the mapping came from, for messages.
    package var path: String?
    /// Things a person must know or provide before the mapping can run (such as custom policy classes).
    package var notes: [String]

    /// Creates a mapping model.
    package init(
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
    package func mapping(named name: String) -> EntityMapping? {
        entityMappings.first { $0.name == name }
    }

    /// The names of the custom policies the mapping needs.
    package var requiredPolicies: [String] {
        var seen: Set<String> = []
        return entityMappings.compactMap(\.policy).filter { seen.insert($0).inserted }
    }
}
