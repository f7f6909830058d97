/// Every version of a model and every step that could run between two of them: explicit mappings (matched
/// to versions by entity hashes) and inferred steps between the pairs the order, or a routing override, allows.
///
/// Explicit mappings are built with the graph, so one that does not fit its versions is reported at once.
/// Inferred steps are judged only when first asked for (``inferredEdge(from:to:)``), and each pair once:
/// planning one chain asks about the few pairs its search reaches, while ``edges`` (the whole graph, for
/// `plan --graph`) asks about every allowed pair.
public struct VersionGraph: Sendable {
    /// Version names: the ordered ones first, then any the order leaves out, in natural order.
    public let versions: [String]
    /// The models, by version name.
    public let models: [String: ObjectModel]
    /// The version order.
    public let order: VersionOrder
    /// Routing overrides and broken versions.
    public let routing: RoutingRules
    /// The steps explicit mappings make, in mapping-name order.
    public let explicitEdges: [StepCandidate]
    /// Explicit mappings that matched two versions but do not fit them, with the reason (a missing
    /// policy, an unknown attribute…); they make no edge, and no inferred step leaves or jumps over their
    /// source version in their place.
    public let unusableMappings: [UnusableMapping]
    /// Judges inferred steps; nil when only explicit mappings make edges.
    package let inference: (any InferenceProvider)?
    /// Each version's index in ``versions``.
    private let positions: [String: Int]
    /// The source versions of unusable mappings.
    private let blocked: [String]
    private let memo = InferenceMemo()

    /// Builds the graph of `bundle` under `settings`; without an inference provider only explicit mappings
    /// (and no inferred steps) make edges.
    package init(
        bundle: ModelBundle, settings: PlanningSettings, explicit: [ExplicitMappingCandidate],
        inference: (any InferenceProvider)?
    ) throws(PlanningError) {
        let names = bundle.versions.map(\.name)
        let order = try settings.versionOrder(for: names)
        let routing = settings.routing
        try routing.validate(versions: names)
        let versions = order.sequence + NaturalOrder.sorted(names.filter { order.position(of: $0) == nil })
        let models = Dictionary(bundle.versions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        (self.order, self.routing, self.versions, self.models) = (order, routing, versions, models)
        self.inference = inference
        positions = Dictionary(versions.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        (explicitEdges, unusableMappings) = Self.explicitEdges(explicit, versions: versions, bundle: bundle, models: models)
        blocked = unusableMappings.map(\.pair.from)
    }

    /// Every step that could run, explicit ones first, then inferred ones in order of source and destination.
    /// Judges every pair the order allows (once per graph).
    public var edges: [StepCandidate] {
        explicitEdges + versions.flatMap { from in versions.compactMap { inferredEdge(from: from, to: $0) } }
    }

    /// Pairs the order allows but that cannot be inferred, with the reasons (for `plan --graph`). Judges
    /// every pair the order allows (once per graph).
    public var uninferable: [(pair: VersionPair, reasons: [String])] {
        versions.flatMap { uninferable(from: $0) }
    }

    /// The pairs leaving `version` that the order allows but that cannot be inferred, with the reasons.
    ///
    /// - Parameter version: The source version's name.
    /// - Returns: Each such pair with the reasons inference gives, in ``versions`` order; judging a pair
    ///   infers its mapping once per graph.
    public func uninferable(from version: String) -> [(pair: VersionPair, reasons: [String])] {
        versions.compactMap { to in
            guard let assessment = assessment(from: version, to: to), !assessment.isInferable else { return nil }
            return (VersionPair(from: version, to: to), assessment.warnings)
        }
    }

    /// The steps that start at `version`.
    ///
    /// - Parameter version: The source version's name.
    /// - Returns: Its explicit steps, then its inferable inferred steps in ``versions`` order; empty for an
    ///   unknown version.
    public func edges(from version: String) -> [StepCandidate] {
        explicitEdges.filter { $0.from == version } + versions.compactMap { inferredEdge(from: version, to: $0) }
    }

    /// The index of `version` in ``versions``.
    ///
    /// - Parameter version: The version's name.
    /// - Returns: Its index; nil for a version the model lacks.
    public func position(of version: String) -> Int? {
        positions[version]
    }

    /// Whether inference may be asked about a step from `from` to `to`: there is a provider, and the order or a
    /// routing override allows the pair. Nothing is judged to answer.
    package func allowsInferredStep(from: String, to: String) -> Bool {
        inference != nil && from != to && models[from] != nil && models[to] != nil
            && (routing.overrides[from] == to || order.allowsInferredStep(from: from, to: to))
    }

    /// Whether an unusable mapping keeps inference from leaving `from` or jumping over its source on the way
    /// to `to`: a mapping its author wrote but that cannot run (a missing policy…) must not be silently
    /// replaced by inference until it is fixed.
    package func blocksInference(from: String, to: String) -> Bool {
        blocked.contains { $0 == from || order.lies($0, between: from, and: to) }
    }

    /// The inferred step from `from` to `to`, or nil when the pair is not allowed, is blocked by an unusable
    /// mapping, or cannot be inferred. The pair is judged on first use only.
    package func inferredEdge(from: String, to: String) -> StepCandidate? {
        guard !blocksInference(from: from, to: to), let inference, let assessment = assessment(from: from, to: to),
            assessment.isInferable
        else { return nil }
        let (source, destination) = (models[from]!, models[to]!)
        return StepCandidate(
            from: from, to: to, origin: .inferred, isLossy: assessment.isLossy,
            operations: assessment.operations, warnings: assessment.warnings,
            factory: { try inference.makeStep(from: source, to: destination) })
    }

    /// Whether the inferred step from `from` to `to` would drop data; false when there is none to take (the
    /// pair is not allowed or is blocked). Asks inference only that (once per graph), unless the pair was judged
    /// whole already: a search rules out lossy jumps over other versions this way, and judges whole only the
    /// pairs it may take.
    package func inferredStepLosesData(from: String, to: String) -> Bool {
        guard !blocksInference(from: from, to: to), allowsInferredStep(from: from, to: to), let inference else {
            return false
        }
        return memo.losesData(VersionPair(from: from, to: to)) {
            inference.losesData(from: index(of: from), to: index(of: to))
        }
    }

    /// The mapping inference makes from `from` to `to`: the one the graph judged, or one inferred now from
    /// the versions' indexes (built once per graph); nil for a version the graph lacks. Asked whatever the order
    /// allows: a plan's lossy steps are traced through it.
    package func inferredMapping(from: String, to: String) -> InferredMapping? {
        guard models[from] != nil, models[to] != nil else { return nil }
        if let judged = memo.knownAssessment(of: VersionPair(from: from, to: to))?.mapping { return judged }
        return InferredMapping.infer(from: index(of: from), to: index(of: to))
    }

    /// What inference says about an allowed pair (judged once per graph), or nil when the pair is not allowed.
    private func assessment(from: String, to: String) -> InferenceAssessment? {
        guard allowsInferredStep(from: from, to: to), let inference else { return nil }
        return memo.assessment(of: VersionPair(from: from, to: to)) {
            inference.assess(from: index(of: from), to: index(of: to))
        }
    }

    /// The index inference reads of a version the graph has, built once per graph.
    private func index(of version: String) -> InferenceIndex {
        memo.index(of: version) { InferenceIndex(models[version]!) }
    }

    /// Edges for the explicit mappings; each is built once here, so a mapping that does not fit its versions
    /// is reported at planning time instead of failing mid-run.
    private static func explicitEdges(
        _ candidates: [ExplicitMappingCandidate], versions: [String], bundle: ModelBundle, models: [String: ObjectModel]
    ) -> ([StepCandidate], [UnusableMapping]) {
        // Hashing every version is only worth it when there is a mapping to match them with; the bundle
        // hashes each once, for this graph and the store's compatibility check alike.
        guard !candidates.isEmpty else { return ([], []) }
        let hashes = models.mapValues { bundle.entityHashes(ofVersion: $0.name) ?? [:] }
        var edges: [StepCandidate] = []
        var unusable: [UnusableMapping] = []
        for candidate in candidates.sorted(by: { NaturalOrder.precedes($0.name, $1.name) }) {
            for from in versions where candidate.matchesSource(from, hashes: hashes[from]!) {
                for to in versions where to != from && candidate.matchesDestination(to, hashes: hashes[to]!) {
                    let (source, destination) = (models[from]!, models[to]!)
                    let make = candidate.makeStep
                    let summary: StepSummary
                    do {
                        summary = try make(source, destination).summary
                    } catch {
                        unusable.append(
                            UnusableMapping(name: candidate.name, pair: VersionPair(from: from, to: to), error: error))
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
