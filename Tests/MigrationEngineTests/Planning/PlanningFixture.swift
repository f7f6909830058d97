import Foundation
import MigrationEngine

/// Model versions V1…Vn (each adds one attribute, so every version has its own hashes), explicit mapping
/// candidates matched by those hashes, and an inference judge given by a rule.
struct PlanningFixture {
    struct NotRunnable: Error {}

    /// A step that exists only to be planned; planning tests never run it.
    struct PlannedOnly: MigrationStep {
        let sourceModel: ObjectModel
        let destinationModel: ObjectModel
        var summary: StepSummary { StepSummary(from: sourceModel.name, to: destinationModel.name, kind: .explicit) }
        func perform(_ context: StepContext) throws { throw NotRunnable() }
    }

    /// Inference allowed by a rule on version names; lossy where the rule says so.
    struct RuleInference: InferenceProvider {
        var inferable: @Sendable (String, String) -> Bool = { _, _ in true }
        var lossy: @Sendable (String, String) -> Bool = { _, _ in false }

        func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
            guard inferable(source.model.name, destination.model.name) else {
                return InferenceAssessment(isInferable: false, warnings: ["rule says no"])
            }
            let loses = lossy(source.model.name, destination.model.name)
            return InferenceAssessment(isInferable: true, isLossy: loses, warnings: loses ? ["drops a value"] : [])
        }

        func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
            throw NotRunnable()
        }
    }

    static func bundle(_ count: Int, prefix: String = "V") -> ModelBundle {
        let versions = (1...count).map { n in
            ObjectModel(
                name: "\(prefix)\(n)",
                entities: [
                    Entity(name: "Item", attributes: (1...n).map { Attribute(name: "a\($0)", type: .string) })
                ])
        }
        return ModelBundle(path: "/fixture.xcdatamodeld", versions: versions, currentVersionName: versions.last?.name)
    }

    /// An explicit mapping from one version to another, carrying only their entity hashes.
    static func explicit(_ from: String, _ to: String, in bundle: ModelBundle) -> ExplicitMappingCandidate {
        ExplicitMappingCandidate(
            name: "\(from)to\(to)",
            sourceHashes: VersionHasher(model: bundle.version(named: from)!).entityHashes,
            destinationHashes: VersionHasher(model: bundle.version(named: to)!).entityHashes,
            makeStep: { PlannedOnly(sourceModel: $0, destinationModel: $1) })
    }

    static func planner(
        _ bundle: ModelBundle, explicit pairs: [(String, String)], settings: PlanningSettings = PlanningSettings(),
        inference: RuleInference = RuleInference()
    ) throws -> PathPlanner {
        let candidates = pairs.map { explicit($0.0, $0.1, in: bundle) }
        return PathPlanner(
            graph: try VersionGraph(bundle: bundle, settings: settings, explicit: candidates, inference: inference))
    }
}
