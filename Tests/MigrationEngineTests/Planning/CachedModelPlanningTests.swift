import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("A store whose model was edited after it was written is planned from its own cached model")
struct CachedModelPlanningTests {
    /// Journal 4 alone: a Journal 3 store matches no version of it.
    static func journalBundle() throws -> ModelBundle {
        try ModelLoader.load(path: JournalFixture.modelPath + "/Journal 4.xcdatamodel")
    }

    @Test("The chain is one inferred step from the engine's own cached model, and running it keeps every entry")
    func plannedFromOwnCache() throws {
        let bundle = try Self.journalBundle()
        let store = try JournalFixture.store(version: 3, entries: 40)
        let planning = try StorePlanning(
            storePath: store, bundle: bundle, settings: PlanningSettings(), explicit: [],
            inference: InferredStepProvider(), target: nil)
        #expect(planning.storeVersion == ModelCacheDecoder.versionName)
        #expect(planning.plan.description == "\(ModelCacheDecoder.versionName)-inf-Journal 4")
        #expect(!planning.plan.warnings.isEmpty, "Entry.author, a string in Journal 3, is lost")
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: store, plan: planning.plan)])
        try StoreValidator(model: try #require(bundle.currentVersion)).validate(
            store, expectedCounts: ["Entry": 40, "Author": 0])
    }

    @Test("Without inference, or when the cached model does not match the store, the store is refused")
    func refused() throws {
        let bundle = try Self.journalBundle()
        let store = try JournalFixture.store(version: 3, entries: 10)
        #expect(throws: PlanningError.self) {
            try StorePlanning(
                storePath: store, bundle: bundle, settings: PlanningSettings(), explicit: [], inference: nil, target: nil)
        }
        // A cache that no longer describes the store (another store's cache) is not a source.
        let other = try JournalFixture.store(version: 2, entries: 1)
        try StoreDump.execute(
            store,
            "ATTACH DATABASE '\(other)' AS other; DELETE FROM Z_MODELCACHE; INSERT INTO Z_MODELCACHE SELECT * FROM other.Z_MODELCACHE"
        )
        let error = try #require(throws: PlanningError.self) {
            try StorePlanning(
                storePath: store, bundle: bundle, settings: PlanningSettings(), explicit: [],
                inference: InferredStepProvider(), target: nil)
        }
        #expect(error.code == .storeMatchesNoVersion)
        #expect(error.category == .unknownStoreVersion)
        // Only a store that fits no version has every version compared, to name the nearest one.
        #expect(error.message.hasSuffix("matches no version of \(bundle.path) (nearest: Journal 4)"))
        #expect(error.versions == ["Journal 4"])
    }

    /// SampleModel3 alone: the cars V2 store (at SampleModel2) matches no version of it.
    static func bundle() throws -> ModelBundle {
        try ModelLoader.load(path: Corpus.path("coredataplus-cars/SampleModel.xcdatamodeld/SampleModel3.xcdatamodel"))
    }

    @Test("Apple's cache: the chain is one inferred step from it, and running it keeps every car and person", Corpus.required)
    func plannedFromCache() throws {
        let bundle = try Self.bundle()
        let store = try Corpus.copyStore("coredataplus-cars/stores/SampleModel_V2.sqlite")
        let planning = try StorePlanning(
            storePath: store, bundle: bundle, settings: PlanningSettings(), explicit: [],
            inference: InferredStepProvider(), target: nil)
        #expect(planning.storeVersion == ModelCacheDecoder.versionName)
        #expect(planning.plan.description == "\(ModelCacheDecoder.versionName)-inf-SampleModel3")
        #expect(!planning.plan.warnings.isEmpty)
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: store, plan: planning.plan)])
        try StoreValidator(model: try #require(bundle.currentVersion)).validate(
            store,
            expectedCounts: [
                "Car": 115, "SportCar": 5, "LuxuryCar": 5, "Person": 20, "Maker": 0,
            ])
    }
}
