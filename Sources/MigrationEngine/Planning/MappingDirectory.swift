import Foundation

/// Finds the explicit mappings in a directory (cdmigrate mapping files: `.yaml`, `.yml`, `.json`) and turns
/// each into an ``ExplicitMappingCandidate`` that runs as a ``MappedStep`` into a store made by ``StoreWriter``.
/// Mapping files name their versions, so they are matched to versions by name.
public enum MappingDirectory {
    /// The file extensions read as mapping files.
    public static let fileExtensions: Set<String> = ["yaml", "yml", "json"]

    /// Every mapping in `directory` (not recursive), in file-name order; throws naming the file that does
    /// not parse.
    public static func candidates(
        in directory: String, policies: MigrationPolicyRegistry = MigrationPolicyRegistry()
    ) throws -> [ExplicitMappingCandidate] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw PlanningError(.invalidProjectFile, message: "\(directory): cannot read the mapping directory")
        }
        return try names.sorted(by: NaturalOrder.precedes)
            .filter { fileExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .map { name in
                let mapping = try MappingFileReader.read(path: directory + "/" + name)
                return ExplicitMappingCandidate(
                    name: name, sourceHashes: [:], destinationHashes: [:],
                    sourceVersion: mapping.sourceVersion, destinationVersion: mapping.destinationVersion,
                    warnings: mapping.notes,
                    makeStep: { source, destination in
                        try MappedStep(
                            mapping: mapping, sourceModel: source, destinationModel: destination, policies: policies,
                            createStore: { path, model in try StoreWriter(model: model).create(at: path) })
                    })
            }
    }
}
