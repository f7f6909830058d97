import Foundation
import MigrationEngine

/// A plan as JSON for scripts: the store's version, the target, and each step with its kind and warnings.
enum PlanJSON {
    struct Step: Encodable {
        var from: String
        var to: String
        var kind: StepKind
        var origin: String
        var lossy: Bool
        var operations: [String]
        var warnings: [String]
        var estimatedRows: Int
    }

    struct Plan: Encodable {
        var store: String
        var version: String
        var target: String
        var steps: [Step]
        var warnings: [String]
    }

    static func encode(_ planning: StorePlanning) throws -> String {
        let steps = planning.plan.steps.map {
            Step(from: $0.from, to: $0.to, kind: $0.kind, origin: $0.origin, lossy: $0.isLossy,
                 operations: $0.operations, warnings: $0.warnings, estimatedRows: planning.rowCount)
        }
        let plan = Plan(store: planning.storePath, version: planning.storeVersion, target: planning.targetVersion,
                        steps: steps, warnings: planning.plan.warnings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(plan), as: UTF8.self)
    }
}
