/// Chooses the chain of steps from a store's version to a target version.
///
/// Rules, in order of precedence:
/// 1. Only steps that move toward the target along the order are considered (no overshooting and coming
///    back); broken versions are never passed through; a routing override "from X go to Y" is obeyed
///    whenever Y still leads to the target.
/// 2. A lossy inferred step that jumps over other versions is never chosen when another chain exists (the
///    versions in between may carry data forward, as renames do). A lossy step between neighbouring
///    versions is a change the model's author made on purpose and may be taken.
/// 3. Explicit mappings are honoured: when an explicit step out of a version leads to the target, the chain
///    takes one (even if that makes it longer), and an inferred step may not jump over a version that has
///    such an explicit step. (Rules are relaxed one at a time, with a warning, only if no chain satisfies them.)
/// 4. Among the remaining chains the fewest lossy steps, then the fewest steps, win; ties go to the chain
///    whose steps land on earlier versions, explicit before inferred, then mapping name.
package struct PathPlanner: Sendable {
    /// The graph searched.
    package let graph: VersionGraph

    /// Creates a planner over a graph.
    package init(graph: VersionGraph) {
        self.graph = graph
    }

    /// The chain from `source` to `target`; throws naming the versions when either is unknown or broken, or
    /// when no chain exists.
    package func plan(from source: String, to target: String) throws(PlanningError) -> MigrationPlan {
        for name in [source, target] where graph.models[name] == nil {
            throw PlanningError(
                .unknownVersion, versions: [name],
                message: "unknown version \"\(name)\" (model has: \(graph.versions.joined(separator: ", ")))")
        }
        if graph.routing.broken.contains(target) {
            throw PlanningError(.noRoute, versions: [target], message: "target version \"\(target)\" is marked broken")
        }
        if source == target { return MigrationPlan(from: source, to: target, steps: []) }
        // First every chain whose only lossy steps are between neighbouring versions (a change the model's
        // author made on purpose); a lossy jump over other versions only when nothing else leads there.
        for allowLossyJumps in [false, true] {
            let candidates = CandidateEdges(graph: graph, source: source, target: target, allowsLossyJumps: allowLossyJumps)
            for rules in PathRules.allCases {
                let search = PathSearch(candidates: candidates, rules: rules)
                if let steps = search.shortest() {
                    return MigrationPlan(from: source, to: target, steps: steps, warnings: warnings(steps, rules, search))
                }
            }
        }
        throw noRoute(source, target)
    }

    private func warnings(_ steps: [StepCandidate], _ rules: PathRules, _ search: PathSearch) -> [String] {
        var result = steps.filter(\.isLossy).map(MigrationPlan.lossWarning)
        switch rules {
        case .strict: break
        case .explicitFirst:
            result.append(
                "no chain avoids jumping over an explicit mapping; an inferred step skips \(search.forcedVersions.joined(separator: ", "))"
            )
        case .unconstrained:
            result.append("no chain can take every explicit mapping that leads to \(search.target); some are not used")
        }
        return result
    }

    /// The unusable mapping that can explain why there is no route: one out of the store's version first, else
    /// one whose step lies between it and the target in the version order. A mapping elsewhere in the folder
    /// (another step's, with a reason of its own) explains nothing about this route and is not named.
    private func relevantUnusableMapping(_ source: String, _ target: String) -> UnusableMapping? {
        let order = graph.order
        return graph.unusableMappings.first { $0.pair.from == source }
            ?? graph.unusableMappings.first { mapping in
                order.precedes(source, mapping.pair.from) && order.precedes(mapping.pair.from, target)
                    && !order.precedes(target, mapping.pair.to)
            }
    }

    private func noRoute(_ source: String, _ target: String) -> PlanningError {
        var reason = "no explicit mapping or inferable step leads there"
        if graph.inference == nil, graph.explicitEdges.isEmpty { reason += " (inferred steps are turned off)" }
        if graph.order.precedes(target, source), !graph.order.allowsDowngrades {
            // Every inferred step out of the store's version leads away from an older target, so whatever
            // cannot be inferred there is beside the point: the order is what rules the target out.
            reason =
                "\"\(target)\" is older than \"\(source)\", downgrades are off and no explicit mapping leads back"
                + " (the project file's `downgrades: true` allows inferred ones)"
        } else if let via = graph.routing.overrides[source] {
            reason = "routing sends \"\(source)\" to \"\(via)\" and nothing leads on from there"
        } else if let blocked = graph.uninferable(from: source).first {
            reason =
                "\(blocked.pair) cannot be inferred (\(blocked.reasons.joined(separator: "; "))) and no explicit mapping covers it"
        } else if !graph.routing.broken.isEmpty {
            reason += " avoiding broken \(graph.routing.broken.sorted(by: NaturalOrder.precedes).joined(separator: ", "))"
        }
        let unusable = relevantUnusableMapping(source, target)
        if let unusable { reason += "; mapping \(unusable.name) (\(unusable.pair)) cannot be used: \(unusable.reason)" }
        return PlanningError(
            .noRoute, versions: [source, target], message: "no route from \"\(source)\" to \"\(target)\": \(reason)",
            remedy: unusable?.remedy)
    }
}
