import MigrationEngine
import TestSupport
import Testing

/// Planning a store of a long history judges whole only the pairs its chain may take: a jump that would drop
/// data is ruled out by asking inference only that (issue 34: planning wire's store2-24-1 judged 1,925 pairs
/// of its 90 versions whole, 2 s in a release build).
@Suite("wire: planning judges whole only the pairs its chain may take", Corpus.required)
struct WirePlanningCostTests {
    static let chain = [
        "2.24.1", "2.30.0", "2.31.0", "2.41.0", "2.42.0", "2.45.0", "2.46.0", "2.52.0", "2.53.0", "2.67.0", "2.68.0",
        "2.101.0",
    ].map { "zmessaging\($0)" }

    @Test("store2-24-1 → 2.101.0: the same chain, lossy jumps ruled out without a whole judgement")
    func storeTwentyFour() throws {
        let inference = CountingInference()
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let graph = try VersionGraph(bundle: bundle, settings: PlanningSettings(), explicit: [], inference: inference)
        let plan = try PathPlanner(graph: graph).plan(from: Self.chain.first!, to: Self.chain.last!)
        #expect(plan.steps.map(\.from) + [plan.to] == Self.chain)
        let judged = inference.pairs
        #expect(Set(judged).count == judged.count, "no pair judged twice")
        // Every pair judged whole is one the chain may take: a step that loses nothing, or one between
        // neighbouring versions (as the chain's five lossy steps are).
        let engine = InferredStepProvider()
        let versions = graph.versions
        for pair in judged where engine.assess(from: index(bundle, pair.from), to: index(bundle, pair.to)).isLossy {
            #expect(versions.firstIndex(of: pair.to)! == versions.firstIndex(of: pair.from)! + 1, "\(pair)")
        }
        // At first every pair the search met was judged whole: 1,925 of them; then every pair it screened as
        // losing nothing (156); then every version the search settled, judged when taken (38); now only the steps
        // of the chain found with screened steps (11), searching again only if one of them does not hold.
        #expect(judged.count <= 15, "judged whole: \(judged.count)")
        #expect(inference.lossChecks.count > 1_500, "asked only whether they lose data: \(inference.lossChecks.count)")
        // Every pair the search met was screened (1,925); not those a version's offers already rule out: 1,798.
        #expect(inference.lossChecks.count <= 1_820, "screened: \(inference.lossChecks.count)")
        // Comparing each pair's entities in order, each distinct comparison once, made 454 of them; comparing them
        // only where no loss already known of two of its entities settles the pair, 351.
        #expect(inference.screenedEntityComparisons <= 380, "compared \(inference.screenedEntityComparisons)")
        // A pair whose only drops are relationships on one side was inferred whole to tell whether their inverses
        // keep them: 504 entities mapped for the pairs spanning `Member.user`'s drop. Now only those entities and
        // the members their inverses reach are: 56.
        #expect(inference.screenedEntityMappings <= 70, "mapped \(inference.screenedEntityMappings)")
    }

    @Test("Asking only whether a pair loses data answers as the whole judgement does, for every pair of wire's versions")
    func screenAgreesWithAssessment() throws {
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let engine = InferredStepProvider()
        let indexes = bundle.versions.map(InferenceIndex.init)
        var lossy = 0
        for (i, source) in indexes.enumerated() {
            for destination in indexes[(i + 1)...] {
                let whole = engine.assess(from: source, to: destination).isLossy
                #expect(
                    engine.losesData(from: source, to: destination) == whole,
                    "\(source.model.name) → \(destination.model.name)")
                if whole { lossy += 1 }
            }
        }
        #expect(lossy > 1_000, "both kinds of pair were compared")
    }

    @Test(
        "A screen that calls every step lossless gives the same chains: the search judges a step whole before taking it",
        arguments: RealAppStoreCase.wire.map(\.version))
    func misleadingScreen(source: String) throws {
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let target = bundle.currentVersion!.name
        let plan = { (inference: any InferenceProvider) in
            let graph = try VersionGraph(bundle: bundle, settings: PlanningSettings(), explicit: [], inference: inference)
            return try PathPlanner(graph: graph).plan(from: source, to: target)
        }
        let truthful = try plan(InferredStepProvider())
        let misled = try plan(LosslessScreenInference())
        #expect(misled.description == truthful.description)
        #expect(misled.steps.map(\.isLossy) == truthful.steps.map(\.isLossy))
        #expect(misled.warnings == truthful.warnings)
    }

    private func index(_ bundle: ModelBundle, _ version: String) -> InferenceIndex {
        InferenceIndex(bundle.version(named: version)!)
    }
}

/// The engine's inference, except that asked only whether a step loses data it always says no.
private struct LosslessScreenInference: InferenceProvider {
    let engine = InferredStepProvider()

    func assess(from source: InferenceIndex, to destination: InferenceIndex) -> InferenceAssessment {
        engine.assess(from: source, to: destination)
    }

    func losesData(from source: InferenceIndex, to destination: InferenceIndex) -> Bool { false }

    func makeStep(from source: ObjectModel, to destination: ObjectModel) throws -> any MigrationStep {
        try engine.makeStep(from: source, to: destination)
    }
}
