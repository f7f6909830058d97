import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Planning a wire store reads of the model only what its answer needs (issue 34.4), and answers as reading
/// everything would: the store's version is the one comparing every version finds, the chain is the cheapest
/// of all chains when every pair of versions is judged whole first, and the versions Core Data cannot tell
/// apart are those hashing every version finds.
@Suite("wire: planning reads only what it needs, and answers as reading everything would", Corpus.required)
struct WireLazyPlanningTests {
    /// Each fixture's versions (`wire/expected-versions.json`), stores matching no version left out.
    static let fixtures: [String: [String]] = {
        guard let data = FileManager.default.contents(atPath: Corpus.path("wire/expected-versions.json")),
            let decoded = try? JSONDecoder().decode([String: [String]].self, from: data)
        else { return [:] }
        return decoded.filter { !$0.value.isEmpty }
    }()

    /// Every version a fixture is at (the first of those with its hashes).
    static let sources = Set(fixtures.values.map { $0[0] }).sorted(by: NaturalOrder.precedes)

    @Test("Every fixture: the version found is the one comparing every version finds, hashing only versions with its entities")
    func storeVersion() throws {
        let bundle = try ModelLoader.load(path: Corpus.path(RealAppStoreCase.wireModel))
        for store in Self.fixtures.keys.sorted() {
            let metadata = try StoreReader.read(path: try Corpus.copyStore("wire/stores/\(store)")).metadata
            let everyVersion = CompatibilityCheck.check(bundle, metadata: metadata).compatibleVersion
            #expect(CompatibilityCheck.compatibleVersion(in: bundle, metadata: metadata) == everyVersion, "\(store)")
            #expect(everyVersion == Self.fixtures[store]?.first, "\(store)")
        }
        // Store2-24-1 alone on a fresh bundle: only versions with its entity names are hashed.
        let fresh = try ModelLoader.load(path: Corpus.path(RealAppStoreCase.wireModel))
        let metadata = try StoreReader.read(path: try Corpus.copyStore(RealAppStoreCase.wire[1].store)).metadata
        #expect(CompatibilityCheck.compatibleVersion(in: fresh, metadata: metadata) == "zmessaging2.24.1")
        // Every version in bundle order up to it was hashed before: 14.
        #expect(fresh.hashedVersionCount <= 3, "hashed \(fresh.hashedVersionCount) versions")
    }

    @Test("Versions Core Data cannot tell apart: those hashing every version finds, hashing only versions of one shape")
    func identicalVersions() throws {
        let bundle = try ModelLoader.load(path: Corpus.path(RealAppStoreCase.wireModel))
        let groups = bundle.identicalHashVersions
        // Every version was hashed before: 90.
        #expect(bundle.hashedVersionCount <= 20, "hashed \(bundle.hashedVersionCount) of 90 versions")
        var byHashes: [[String: Data]: [String]] = [:]
        var order: [[String: Data]] = []
        for version in bundle.versions {
            let hashes = VersionHasher(model: version).entityHashes
            if byHashes[hashes] == nil { order.append(hashes) }
            byHashes[hashes, default: []].append(version.name)
        }
        #expect(groups == order.compactMap { byHashes[$0] }.filter { $0.count > 1 })
        #expect(groups.contains(["zmessaging2.46.0", "zmessaging2.47.0"]))
    }

    @Test("Every fixture's version: the chain is the cheapest when every pair is judged whole first", arguments: sources)
    func route(source: String) throws {
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let target = try #require(bundle.currentVersionName)
        let lazy = try VersionGraph(bundle: bundle, settings: PlanningSettings(), explicit: [], inference: InferredStepProvider())
        let plan = try PathPlanner(graph: lazy).plan(from: source, to: target)
        let reference = try #require(Self.eager.get().cheapestChain(from: source, to: target))
        #expect(plan.description == reference.map(\.description).joined(separator: ", "))
        #expect(plan.steps.map(\.isLossy) == reference.map(\.isLossy))
        #expect(plan.steps.map(\.operations) == reference.map(\.operations))
    }

    /// Wire's graph with every pair of versions judged whole, once for every argument.
    static let eager = Result { try EagerChains(bundle: RealAppStoreCase.wire[0].bundle()) }
}

/// The cheapest chain by the planner's rules for a model without explicit mappings, found without its search:
/// every inferred step judged whole first (``VersionGraph/edges``), then the cheapest chain to each version in
/// order (steps only move forward), first without a lossy step over other versions, then with.
struct EagerChains {
    let versions: [String]
    /// The inferable steps into each version.
    let into: [String: [StepCandidate]]

    init(bundle: ModelBundle) throws {
        let graph = try VersionGraph(
            bundle: bundle, settings: PlanningSettings(), explicit: [], inference: InferredStepProvider())
        versions = graph.versions
        into = Dictionary(grouping: graph.edges, by: \.to)
    }

    func cheapestChain(from source: String, to target: String) -> [StepCandidate]? {
        chain(from: source, to: target, lossyJumps: false) ?? chain(from: source, to: target, lossyJumps: true)
    }

    private func chain(from source: String, to target: String, lossyJumps: Bool) -> [StepCandidate]? {
        let position = Dictionary(uniqueKeysWithValues: versions.enumerated().map { ($1, $0) })
        guard let start = position[source], let end = position[target], start <= end else { return nil }
        if start == end { return [] }
        var best: [String: (cost: PathCost, chain: [StepCandidate])] = [source: (PathCost(), [])]
        for version in versions[(start + 1)...end] {
            for step in into[version] ?? [] {
                guard let from = position[step.from], from >= start, let before = best[step.from] else { continue }
                if step.isLossy, !lossyJumps, position[version]! - from > 1 { continue }
                let cost = before.cost.adding(step, position: position[version]!)
                if best[version].map({ cost < $0.cost }) ?? true { best[version] = (cost, before.chain + [step]) }
            }
        }
        return best[target]?.chain
    }
}
