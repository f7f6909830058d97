import MigrationEngine

/// A plan as text: the chain drawn as a chain, then each step's operations and warnings.
enum PlanRendering {
    /// The plan; `mappingFolders` (the project's) name where the mappings off the chain are, and
    /// `identicalVersions` are the model's versions Core Data cannot tell apart.
    static func text(_ planning: StorePlanning, mappingFolders: [String] = [], identicalVersions: [[String]] = []) -> String {
        let plan = planning.plan
        var out = "store    \(planning.storePath)\nversion  \(planning.storeVersion)\ntarget   \(planning.targetVersion)\n"
        // The store's version may be any of a group Core Data cannot tell apart: said even with nothing to do.
        let identical = IdenticalVersionsText.lines(identicalVersions).map { "\nwarning: \($0)\n" }.joined()
        guard !plan.steps.isEmpty else {
            // A store at another version than the target needs no step only when Core Data takes it as the
            // target: their hashes are identical (the plan's warning says so).
            let state = planning.storeVersion == planning.targetVersion ? "at" : "compatible with"
            let warnings = plan.warnings.map { "warning: \($0)\n" }.joined()
            return out + "the store is already \(state) the target version; nothing to do\n" + warnings + identical
        }
        out += "chain    " + chain(plan) + "\n"
        for fused in plan.fused {
            out += "runs     steps \(fused.steps.lowerBound + 1)–\(fused.steps.upperBound + 1) as one inferred step, "
            out += "\(fused.step.from) → \(fused.step.to) (one pass over the rows)\n"
        }
        for (index, step) in plan.steps.enumerated() {
            let lossy = step.isLossy ? ", LOSES DATA" : ""
            // An inferred step's origin is just "inferred"; only a mapping's name adds anything.
            let origin = step.origin.mappingName.map { ": \($0)" } ?? ""
            let rows = planning.rowCount.map { "  ~\($0) rows" } ?? ""
            out += "\n\(index + 1). \(step.from) → \(step.to)  [\(step.kind.rawValue)\(origin)\(lossy)]\(rows)\n"
            for operation in step.operations { out += "     \(operation)\n" }
            for warning in step.warnings { out += "     warning: \(warning)\n" }
        }
        for warning in plan.warnings { out += "\nwarning: \(warning)\n" }
        for unusable in planning.graph.unusableMappings where OffRouteMappings.isOnRoute(unusable.pair, planning) {
            out += "\nwarning: mapping \(unusable.name) (\(unusable.pair)) cannot be used: \(unusable.line)\n"
        }
        for line in OffRouteMappings.lines(planning, folders: mappingFolders) { out += "\nwarning: \(line)\n" }
        return out + identical
    }

    /// `v1 ═mapping═▶ v2 ─inferred→ v3`.
    static func chain(_ plan: MigrationPlan) -> String {
        plan.steps.reduce(plan.from) { text, step in
            text + (step.kind == .explicit ? " ═mapping═▶ " : " ─inferred→ ") + step.to
        }
    }
}
