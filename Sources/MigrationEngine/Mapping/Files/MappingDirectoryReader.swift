import Foundation

/// Finds the explicit mappings in a mapping directory: cdmigrate mapping files (`.yaml`, `.yml`, `.json`)
/// and Xcode mapping models (`.xcmappingmodel`, or compiled as `.cdm`), as candidates the planner can match to model versions.
public struct MappingDirectoryReader: Sendable {
    /// The policies mapped steps may use.
    public var policies: MigrationPolicyRegistry
    /// The functions expressions may call.
    public var functions: ExpressionFunctions

    /// Creates a reader.
    public init(policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), functions: ExpressionFunctions = .standard) {
        self.policies = policies
        self.functions = functions
    }

    /// The mappings in `directory` (not its subfolders), sorted by file name.
    public func candidates(in directory: String, bundle: ModelBundle) throws -> [ExplicitMappingCandidate] {
        // An unreadable folder is an error: planning without its mappings would fall back to a lossy chain.
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw MappingFileError(path: directory, at: nil, "cannot read the mapping folder: \(error.localizedDescription)")
        }
        var result: [ExplicitMappingCandidate] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            switch URL(fileURLWithPath: name).pathExtension {
            case "yaml", "yml", "json":
                result.append(candidate(try MappingFileReader.read(path: path), name: name, bundle: bundle))
            case "xcmappingmodel": result.append(candidate(try XcodeMappingImporter.read(path: path), name: name, bundle: bundle))
            case "cdm":
                result.append(candidate(try CompiledMappingImporter.read(path: path, bundle: bundle), name: name, bundle: bundle))
            default: continue
            }
        }
        return result
    }

    /// A candidate for one mapping: matched by its version names and by the entity hashes of those versions.
    public func candidate(_ mapping: MappingModel, name: String, bundle: ModelBundle) -> ExplicitMappingCandidate {
        let hashes = { (version: String) in bundle.version(named: version).map { VersionHasher(model: $0).entityHashes } ?? [:] }
        let policies = policies
        let functions = functions
        return ExplicitMappingCandidate(
            name: name, sourceHashes: hashes(mapping.sourceVersion), destinationHashes: hashes(mapping.destinationVersion),
            sourceVersion: mapping.sourceVersion, destinationVersion: mapping.destinationVersion,
            operations: mapping.entityMappings.map { entry in
                "\(entry.kind.rawValue) \(entry.sourceEntity ?? "∅") → \(entry.destinationEntity ?? "∅") (\(entry.name))"
            },
            warnings: mapping.notes
        ) { source, destination in
            try MappedStep(
                mapping: mapping, sourceModel: source, destinationModel: destination, policies: policies, functions: functions)
        }
    }
}
