import Foundation
import MigrationEngine

/// A plan as JSON for scripts: the store's version, the target, and each step with its kind and warnings.
enum PlanJSON {
    /// One step of a plan or edge of the graph; `estimatedRows` only in a plan, where a store was read.
    struct Step: Encodable {
        var from: String
        var to: String
        var kind: StepKind
        var origin: String
        var lossy: Bool
        var operations: [String]
        var warnings: [String]
        var estimatedRows: Int?

        init(_ step: StepCandidate, estimatedRows: Int? = nil) {
            (from, to, kind, origin, lossy) = (step.from, step.to, step.kind, step.origin.description, step.isLossy)
            (operations, warnings, self.estimatedRows) = (step.operations, step.warnings, estimatedRows)
        }
    }

    struct Plan: Encodable {
        var store: String
        var version: String
        var target: String
        var steps: [Step]
        var warnings: [String]
        /// Each lossy step's drops counted in the store (a count of 0: nothing of it is lost).
        var dataLoss: [StepDataLoss]?
        /// Groups of versions Core Data cannot tell apart; left out when there are none.
        var identicalHashVersions: [[String]]?
        /// Consecutive steps that run as one inferred step (the rows copied once); left out when there are none.
        var fusedSteps: [Fused]?
    }

    /// Steps (numbered from 1, as the text plan numbers them) that run as one inferred step.
    struct Fused: Encodable {
        var steps: [Int]
        var from: String
        var to: String

        init(_ fused: FusedSteps) {
            (steps, from, to) = (fused.steps.map { $0 + 1 }, fused.step.from, fused.step.to)
        }
    }

    /// Why no chain reaches the target: the error, its versions, and every mapping that could not be used
    /// (a custom policy class cdmigrate cannot run, with what to do about it).
    struct NoRoute: Encodable {
        var error: String
        var versions: [String]
        var unusableMappings: [GraphJSON.Blocked]
    }

    static func encodeNoRoute(_ error: MigrationError, graph: VersionGraph) throws -> String {
        try JSONOutput.encode(
            NoRoute(
                error: error.message, versions: error.versions,
                unusableMappings: graph.unusableMappings.map {
                    GraphJSON.Blocked(from: $0.pair.from, to: $0.pair.to, mapping: $0.name, reasons: [$0.line])
                }))
    }

    static func encode(_ planning: StorePlanning, identicalVersions: [[String]] = []) throws -> String {
        let steps = planning.plan.steps.map { Step($0, estimatedRows: planning.rowCount) }
        let plan = Plan(
            store: planning.storePath, version: planning.storeVersion, target: planning.targetVersion,
            steps: steps, warnings: planning.plan.warnings, dataLoss: planning.dataLoss,
            identicalHashVersions: identicalVersions.isEmpty ? nil : identicalVersions,
            fusedSteps: planning.plan.fused.isEmpty ? nil : planning.plan.fused.map(Fused.init))
        return try JSONOutput.encode(plan)
    }
}

/// The whole version graph as JSON: versions in order, every step, and what could not be used.
enum GraphJSON {
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
        var steps: [PlanJSON.Step]
        var uninferable: [Blocked]
        var unusableMappings: [Blocked]
    }

    static func encode(_ graph: VersionGraph) throws -> String {
        let value = Graph(
            versions: graph.versions, broken: graph.routing.brokenInOrder,
            routes: graph.routing.overrides,
            steps: graph.edges.map { PlanJSON.Step($0) },
            uninferable: graph.uninferable.map { Blocked(from: $0.pair.from, to: $0.pair.to, mapping: nil, reasons: $0.reasons) },
            unusableMappings: graph.unusableMappings.map {
                Blocked(from: $0.pair.from, to: $0.pair.to, mapping: $0.name, reasons: [$0.line])
            })
        return try JSONOutput.encode(value)
    }
}
