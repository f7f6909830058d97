/// Runs consecutive inferred steps of a plan as one pass where one inferred mapping provably does what they
/// do one after the other (``MappingComposition``): every step reads and writes every row, and a rename done
/// in place followed by a copy step becomes one copy under the new names. The plan's steps stay as chosen,
/// for the user to read; ``MigrationPlan/fused`` says which run together.
///
/// Only the engine's own inference is fused, whose steps are the ``InferredStep``s the composition reasons
/// about. The fused step's result is validated like any other: counts against the store's own rows, the last
/// version's schema, `integrity_check`.
package struct StepFusion {
    /// The graph the plan was chosen from: its models and the mappings it judged.
    let graph: VersionGraph

    /// Creates the fusion over `graph`.
    package init(graph: VersionGraph) {
        self.graph = graph
    }

    /// `plan` with each run of consecutive inferred steps fused as far as the composition allows, from its
    /// first step on.
    package func fused(_ plan: MigrationPlan) -> MigrationPlan {
        guard graph.inference?.makesEngineSteps == true else { return plan }
        var plan = plan
        var start = plan.steps.startIndex
        while start < plan.steps.endIndex {
            var end = start
            var reached = mapping(of: plan.steps[start])
            while let mapping = reached, end + 1 < plan.steps.endIndex,
                let composed = compose(mapping, then: plan.steps[end + 1], from: plan.steps[start].from)
            {
                reached = composed
                end += 1
            }
            if end > start, let reached, let step = candidate(plan.steps[start...end], reached) {
                plan.fused.append(FusedSteps(steps: start...end, step: step))
            }
            start = end + 1
        }
        return plan
    }

    /// The mapping an inferred step of the graph makes (judged while planning); nil for any other step.
    private func mapping(of step: StepCandidate) -> InferredMapping? {
        guard step.kind == .inferred else { return nil }
        return graph.inferredMapping(from: step.from, to: step.to)
    }

    /// The mapping from `source` to `next`'s destination that does what `reached` (from `source` to `next`'s
    /// source) then `next` do; nil when there is none.
    private func compose(_ reached: InferredMapping, then next: StepCandidate, from source: String) -> InferredMapping? {
        guard let following = mapping(of: next), let first = graph.models[source], let middle = graph.models[next.from],
            let last = graph.models[next.to]
        else { return nil }
        return MappingComposition(first: reached, second: following, models: (first, middle, last)).composed()
    }

    /// The one inferred step that runs `steps` with `mapping`.
    private func candidate(_ steps: ArraySlice<StepCandidate>, _ mapping: InferredMapping) -> StepCandidate? {
        guard let from = steps.first?.from, let to = steps.last?.to, let source = graph.models[from],
            let destination = graph.models[to]
        else { return nil }
        return StepCandidate(
            from: from, to: to, origin: .inferred, operations: mapping.operations, warnings: mapping.notices,
            factory: { InferredStep(sourceModel: source, destinationModel: destination, mapping: mapping) })
    }
}
