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

/// The whole version graph as JSON: versions in order, every step, and what could not be used.
enum GraphJSON {
    struct Edge: Encodable {
        var from: String
        var to: String
        var kind: StepKind
        var origin: String
        var lossy: Bool
        var operations: [String]
        var warnings: [String]
    }

    struct Blocked: Encodable {
        var from: String
        var to: String
        var mapping: String?
        var reasons: [String]
    }

    struct Graph: Encodable {
        var versions: [String]
        var broken: [String]
        var routes: [String: String]
        var steps: [Edge]
        var uninferable: [Blocked]
        var unusableMappings: [Blocked]
    }

    static func encode(_ graph: VersionGraph) throws -> String {
        let value = Graph(
            versions: graph.versions, broken: graph.routing.broken.sorted(by: NaturalOrder.precedes),
            routes: graph.routing.overrides,
            steps: graph.edges.map {
                Edge(from: $0.from, to: $0.to, kind: $0.kind, origin: $0.origin, lossy: $0.isLossy,
                     operations: $0.operations, warnings: $0.warnings)
            },
            uninferable: graph.uninferable.map { Blocked(from: $0.pair.from, to: $0.pair.to, mapping: nil, reasons: $0.reasons) },
            unusableMappings: graph.unusableMappings.map { Blocked(from: $0.pair.from, to: $0.pair.to, mapping: $0.name, reasons: [$0.reason]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
