import Foundation

/// Finds the explicit mappings in a mapping directory: cdmigrate mapping files (`.yaml`, `.yml`, `.json`)
/// and Xcode mapping models (`.xcmappingmodel`, or compiled as `.cdm`), as candidates the planner can match to model versions.
package struct MappingDirectoryReader: Sendable {
    /// The policies mapped steps may use.
    package var policies: MigrationPolicyRegistry
    /// The functions expressions may call.
    package var functions: ExpressionFunctions

    /// Creates a reader.
    package init(policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), functions: ExpressionFunctions = .standard) {
        self.policies = policies
        self.functions = functions
    }

    /// The mappings in `directory` (not its subfolders), sorted by file name.
    package func candidates(in directory: String, bundle: ModelBundle) throws -> [ExplicitMappingCandidate] {
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
            case "xcmappingmodel":
                do {
                    result.append(
                        candidate(try XcodeMappingImporter.read(path: path), name: name, bundle: bundle, xcodeFile: path))
                } catch {
                    // A mapping model that names its two versions but cannot be applied blocks its own step
                    // only: planning shows it as unusable there, and every other step plans as before.
                    guard let versions = XcodeMappingImporter.versions(path: path) else { throw error }
                    result.append(unusable(error, name: name, versions: versions, bundle: bundle))
                }
            case "cdm":
                result.append(
                    candidate(
                        try CompiledMappingImporter.read(path: path, bundle: bundle), name: name, bundle: bundle, xcodeFile: path)
                )
            default: continue
            }
        }
        return result
    }

    /// The mappings in every one of `directories`, in order, with mapping files taking precedence over
    /// Xcode mapping models: when a cdmigrate mapping file and an Xcode mapping model (`.xcmappingmodel`,
    /// `.cdm`) are made for the same two versions, only the file is a candidate, and its plan step says which
    /// mapping model it stands in for. The file is the one a person completed (`cdmigrate scaffold-mapping`
    /// writes it for a mapping model whose custom policy code cdmigrate cannot run).
    package func candidates(in directories: [String], bundle: ModelBundle) throws -> [ExplicitMappingCandidate] {
        let all = try directories.flatMap { try candidates(in: $0, bundle: bundle) }
        let isFile = { (candidate: ExplicitMappingCandidate) in
            ["yaml", "yml", "json"].contains(URL(fileURLWithPath: candidate.name).pathExtension)
        }
        let covers = { (file: ExplicitMappingCandidate, other: ExplicitMappingCandidate) in
            file.sourceVersion != nil && file.sourceVersion == other.sourceVersion
                && file.destinationVersion == other.destinationVersion
        }
        return all.compactMap { candidate in
            if !isFile(candidate) { return all.contains { isFile($0) && covers($0, candidate) } ? nil : candidate }
            var candidate = candidate
            for replaced in all where !isFile(replaced) && covers(candidate, replaced) {
                candidate.warnings.insert(
                    "used in place of \(replaced.name): a mapping file takes precedence over an Xcode mapping model for the same step",
                    at: 0)
            }
            return candidate
        }
    }

    /// A candidate for one mapping: matched by its version names and by the entity hashes of those versions.
    package func candidate(_ mapping: MappingModel, name: String, bundle: ModelBundle) -> ExplicitMappingCandidate {
        candidate(mapping, name: name, bundle: bundle, xcodeFile: nil)
    }

    /// A candidate for the step between `versions` whose step cannot be built, failing with `error`.
    private func unusable(
        _ error: MappingFileError, name: String, versions: (from: String, to: String), bundle: ModelBundle
    ) -> ExplicitMappingCandidate {
        let hashes = { (version: String) in bundle.entityHashes(ofVersion: version) ?? [:] }
        return ExplicitMappingCandidate(
            name: name, sourceHashes: hashes(versions.from), destinationHashes: hashes(versions.to),
            sourceVersion: versions.from, destinationVersion: versions.to, operations: [], warnings: []
        ) { _, _ in throw error }
    }

    /// A candidate; for an Xcode mapping model (`xcodeFile`) that names a custom policy class no registered
    /// policy stands for, building the step fails with ``CustomPolicyNeeded``, which plans show in full.
    func candidate(_ mapping: MappingModel, name: String, bundle: ModelBundle, xcodeFile: String?)
        -> ExplicitMappingCandidate
    {
        // The bundle hashes each version once, for every mapping and the planner's checks alike.
        let hashes = { (version: String) in bundle.entityHashes(ofVersion: version) ?? [:] }
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
            if let xcodeFile,
                let needed = CustomPolicyNeeded.check(
                    mapping, file: xcodeFile, source: source, destination: destination,
                    policies: policies, functions: functions)
            {
                throw needed
            }
            return try MappedStep(
                mapping: mapping, sourceModel: source, destinationModel: destination, policies: policies, functions: functions)
        }
    }
}
