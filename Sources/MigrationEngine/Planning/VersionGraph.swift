/// Every version of a model and every step that could run between two of them: explicit mappings (matched
/// to versions by entity hashes) and inferred steps between the pairs the order, or a routing override, allows.
public struct VersionGraph: Sendable {
    /// Version names: the ordered ones first, then any the order leaves out, in natural order.
    public let versions: [String]
    /// The models, by version name.
    public let models: [String: ObjectModel]
    /// The version order.
    public let order: VersionOrder
    /// Routing overrides and broken versions.
    public let routing: RoutingRules
    /// Every step that could run, explicit ones first, then in order of source and destination.
    public let edges: [StepCandidate]
    /// Pairs the order allows but that cannot be inferred, with the reasons (for `plan --graph`).
    public let uninferable: [(pair: VersionPair, reasons: [String])]
    /// Explicit mappings that matched two versions but do not fit them, with the reason (a missing
    /// policy, an unknown attribute…); they make no edge, and no inferred step leaves or jumps over their
    /// source version in their place.
    public let unusableMappings: [(name: String, pair: VersionPair, reason: String)]

    /// Builds the graph of `bundle` under `settings`; without an inference provider only explicit mappings
    /// (and no inferred steps) make edges.
    public init(
        bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?
    ) throws(PlanningError) {
        let names = bundle.versions.map(\.name)
        let order = try settings.versionOrder(for: names)
        let routing = settings.routing
        try routing.validate(versions: names)
        let versions = order.sequence + names.filter { order.position(of: $0) == nil }.sorted(by: NaturalOrder.precedes)
        let models = Dictionary(bundle.versions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        (self.order, self.routing, self.versions, self.models) = (order, routing, versions, models)
        var (edges, unusable) = Self.explicitEdges(explicit, versions: versions, models: models)
        unusableMappings = unusable
        var uninferable: [(VersionPair, [String])] = []
        for from in versions where inference != nil {
            for to in versions where from != to {
                let overridden = routing.overrides[from] == to
                guard overridden || order.allowsInferredStep(from: from, to: to) else { continue }
                let (source, destination) = (models[from]!, models[to]!)
                guard let inference else { continue }
                let assessment = inference.assess(from: source, to: destination)
                guard assessment.isInferable else {
                    uninferable.append((VersionPair(from: from, to: to), assessment.warnings))
                    continue
                }
                edges.append(
                    StepCandidate(
                        from: from, to: to, origin: .inferred, isLossy: assessment.isLossy,
                        operations: assessment.operations, warnings: assessment.warnings,
                        factory: { try inference.makeStep(from: source, to: destination) }))
            }
        }
        // A mapping its author wrote but that cannot run (a missing policy…) must not be silently replaced
        // by inference: no inferred step leaves its source version or jumps over it until it is fixed.
        let blocked = Set(unusable.map(\.1.from))
        self.edges = edges.filter { edge in
            edge.kind == .explicit
                || !blocked.contains { $0 == edge.from || order.lies($0, between: edge.from, and: edge.to) }
        }
        self.uninferable = uninferable
    }

    /// The steps that start at `version`.
    public func edges(from version: String) -> [StepCandidate] {
        edges.filter { $0.from == version }
    }

    /// Edges for the explicit mappings; each is built once here, so a mapping that does not fit its versions
    /// is reported at planning time instead of failing mid-run.
    private static func explicitEdges(
        _ candidates: [ExplicitMappingCandidate], versions: [String], models: [String: ObjectModel]
    ) -> ([StepCandidate], [(String, VersionPair, String)]) {
        let hashes = models.mapValues { VersionHasher(model: $0).entityHashes }
        var edges: [StepCandidate] = []
        var unusable: [(String, VersionPair, String)] = []
        for candidate in candidates.sorted(by: { NaturalOrder.precedes($0.name, $1.name) }) {
            for from in versions where candidate.matchesSource(from, hashes: hashes[from]!) {
                for to in versions where to != from && candidate.matchesDestination(to, hashes: hashes[to]!) {
                    let (source, destination) = (models[from]!, models[to]!)
                    let make = candidate.makeStep
                    let summary: StepSummary
                    do {
                        summary = try make(source, destination).summary
                    } catch {
                        unusable.append((candidate.name, VersionPair(from: from, to: to), "\(error)"))
                        continue
                    }
                    edges.append(
                        StepCandidate(
                            from: from, to: to, origin: .mapping(candidate.name),
                            // The step's summary describes the same mappings as the candidate's own list, policies
                            // included, so joining the two listed each mapping with a policy twice.
                            operations: summary.operations.isEmpty ? candidate.operations : summary.operations,
                            warnings: (candidate.warnings + summary.warnings).removingRepeats(),
                            factory: { try make(source, destination) }))
                }
            }
        }
        return (edges, unusable)
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept only the first time it appears.
    fileprivate func removingRepeats() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
