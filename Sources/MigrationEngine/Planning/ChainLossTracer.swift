/// Follows what a planned chain's lossy steps drop back to the version the store is at, so that the store's
/// own rows say how much of it there is. A step after the first drops what earlier steps carried forward:
/// what they renamed is looked up under its old name (a conflict's to-one too), what they added holds nothing
/// of the store's unless it took its gained inverse's links (then it is not traceable).
package struct ChainLossTracer {
    /// Where a dropped thing comes from in the store.
    package enum Origin: Equatable {
        /// The same data at the store's version, named as there.
        case store(DataLoss)
        /// Added by an earlier step of the chain: the store holds none of it.
        case addedOnTheWay
        /// Not traceable: an explicit mapping or a hierarchy move before the step, or a model not at hand.
        case unknown
    }

    /// One lossy step's drops, named as at its source version, each with its origin.
    package struct TracedStep {
        package var from: String
        package var to: String
        package var drops: [(loss: DataLoss, origin: Origin)]
    }

    /// The model of a version of the chain, nil when there is none (the store's cached model not read).
    let model: (String) -> ObjectModel?
    /// The mapping inference makes between two versions the graph has, when it was judged already.
    let judged: (String, String) -> InferredMapping?

    /// Creates a tracer reading versions through `model`, and taking an inferred step's mapping from
    /// `judged` where it gives one (the graph the plan was chosen from infers each pair once).
    package init(
        model: @escaping (String) -> ObjectModel?, judged: @escaping (String, String) -> InferredMapping? = { _, _ in nil }
    ) {
        self.model = model
        self.judged = judged
    }

    /// Every lossy step of `plan` with its drops traced back to `plan.from`. A lossy step whose versions
    /// cannot be read is listed with no drops at all: ``StepDataLoss`` cannot call it harmless.
    package func trace(_ plan: MigrationPlan) -> [TracedStep] {
        var earlier: [InferredMapping?] = []
        var traced: [TracedStep] = []
        for step in plan.steps {
            let mapping = inferred(step)
            defer { earlier.append(mapping) }
            guard step.isLossy else { continue }
            let drops = mapping?.drops ?? []
            traced.append(
                TracedStep(
                    from: step.from, to: step.to, drops: drops.map { ($0, origin(of: $0, through: earlier.reversed())) }))
        }
        return traced
    }

    /// The inferred mapping a step makes; nil for an explicit step or a version without a model.
    private func inferred(_ step: StepCandidate) -> InferredMapping? {
        guard step.kind == .inferred else { return nil }
        if let mapping = judged(step.from, step.to) { return mapping }
        guard let source = model(step.from), let destination = model(step.to) else { return nil }
        return InferredMapping.infer(from: source, to: destination)
    }

    /// The to-one `kept` (a conflict's, named as at its members' entity) as before `mapping`: its old name
    /// where the step renamed it, `.some(nil)` where the step added it without taking any links (it held
    /// nothing of the store's, so only the links a key holding one owner per member cannot keep are lost;
    /// ``DataLoss/keptBy``), nil where it cannot be told. The members' entity is not named by the loss, so
    /// every relationship of that name in the step is looked at, and they must agree.
    private static func follow(_ kept: String, through mapping: InferredMapping) -> String?? {
        let carried = mapping.entities.flatMap(\.relationships).filter { $0.destination == kept }
        guard let first = carried.first else { return .some(kept) }
        guard carried.allSatisfy({ $0.source == first.source && $0.mergesMembershipsOf == first.mergesMembershipsOf }),
            first.mergesMembershipsOf == nil
        else { return nil }
        return .some(first.source)
    }

    /// `loss` named as before the steps `back` (latest first) made it.
    private func origin(of loss: DataLoss, through back: [InferredMapping?]) -> Origin {
        var loss = loss
        for mapping in back {
            guard let mapping, let entity = mapping.entity(loss.entity), entity.parentChange == nil,
                !mapping.entities.contains(where: { $0.parentChange != nil })
            else { return .unknown }
            guard let source = entity.source else { return .addedOnTheWay }
            if let kept = loss.conflictsWith {
                guard let followed = Self.follow(kept, through: mapping) else { return .unknown }
                loss.conflictsWith = followed
            }
            if let property = loss.property {
                guard let carried = (entity.attributes + entity.relationships).first(where: { $0.destination == property })
                else { return .unknown }
                guard let old = carried.source else {
                    // New, but holding the links it took from its gained inverse: not nothing of the store's.
                    return carried.mergesMembershipsOf == nil ? .addedOnTheWay : .unknown
                }
                loss.property = old
            }
            loss.entity = source
        }
        return .store(loss)
    }
}
