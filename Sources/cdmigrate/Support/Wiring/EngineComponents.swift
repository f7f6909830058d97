import Foundation
import MigrationEngine

/// The pieces that turn model versions and mapping directories into runnable steps: the inference provider
/// (the model diff and inferred step) and the readers of explicit mapping directories.
enum EngineComponents {
    /// Judges and builds inferred steps (the inferred mapping and ``InferredStep``).
    static let inference: (any InferenceProvider)? = InferredStepProvider()

    /// Readers of explicit mapping directories, each turning a directory into candidates.
    static let mappingReaders: [@Sendable (String, ModelBundle) throws -> [ExplicitMappingCandidate]] = [
        { try MappingDirectoryReader(policies: SampleApp.policies).candidates(in: $0, bundle: $1) },
    ]

    /// Every explicit mapping found in the directories.
    static func explicitMappings(in directories: [String], bundle: ModelBundle) throws -> [ExplicitMappingCandidate] {
        var candidates: [ExplicitMappingCandidate] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ExecutionError(.io, path: directory, message: "mapping directory not found")
            }
            for reader in mappingReaders { candidates += try reader(directory, bundle) }
        }
        return candidates
    }
}
