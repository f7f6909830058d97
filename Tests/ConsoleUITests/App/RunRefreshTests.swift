import Foundation
import MigrationEngine
import Synchronization
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 12: after a migration the console shows its result at once and reads the migrated store again on a
/// thread of its own, without a second `quick_check` of the store the engine has just integrity-checked; every
/// other read of a store still checks it, so a damaged store is still offered salvage.
@Suite struct RunRefreshTests {
    /// The console on a Journal 1 store of `entries` entries, planned to Journal 3.
    static func planned(entries: Int = 40) throws -> (ConsoleApp, String) {
        let store = try JournalFixture.store(version: 1, entries: entries)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: ProjectPlanner(project: project),
            storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        app.state.target = "Journal 3"
        app.settle([.loadPlan(target: "Journal 3")])
        return (app, store)
    }

    /// Runs the plan on screen (inline: the migration has ended when `perform` returns) and takes its
    /// actions up to the engine's end; the store's read that follows is left to take.
    static func run(_ app: ConsoleApp) throws {
        app.perform([.startRun(dryRun: false)])
        #expect(app.receive { $0 == .engineFinished } != nil)
        #expect(!app.state.engineRunning)
    }

    /// Takes the store read again after the run.
    static func refreshed(_ app: ConsoleApp) {
        #expect(app.receive { if case .storeRead = $0 { true } else { false } } != nil)
    }

    @Test("The result shows before the store is read again; then the header, versions and plan follow")
    func resultFirstThenTheStore() throws {
        let (app, store) = try Self.planned()
        #expect(app.state.plan?.source == "Journal 1" && app.state.plan?.steps.isEmpty == false)
        try Self.run(app)
        guard case .succeeded? = app.state.run?.outcome else {
            Issue.record("the run did not succeed: \(String(describing: app.state.run?.outcome))")
            return
        }
        #expect(app.state.screen == .result)
        #expect(app.actions.count == 1, "the store's read again is still to be taken")
        #expect(app.state.plan == nil, "the plan from Journal 1 can no longer be started")
        #expect(PlanPane.lines(app.state, width: 60).map(\.plainText) == ["planning…"])
        app.state.size = TerminalSize(width: 120, height: 30)
        let title = { ConsoleRenderer().render(app.state).text.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(title().contains("│ at Journal 3 → Journal 3"), "the title bar says where the run put the store")
        Self.refreshed(app)
        #expect(app.state.screen == .result, "reading the store again leaves the result on screen")
        #expect(app.state.versionAfterRun == nil && title().contains("│ at Journal 3 → Journal 3"))
        #expect(app.state.overview?.path == store)
        #expect(app.state.compatibility?.compatibleVersion == "Journal 3")
        #expect(app.state.selectedVersion?.name == "Journal 3")
        #expect(app.state.target == "Journal 3")
        #expect(app.state.plan?.source == "Journal 3" && app.state.plan?.steps.isEmpty == true)
        #expect(app.state.overview?.entities.first { $0.name == "Entry" }?.rows == 40)
    }

    @Test("A dry run changes nothing and reads nothing again")
    func dryRunKeepsThePlan() throws {
        let (app, _) = try Self.planned()
        let plan = app.state.plan
        app.settle([.startRun(dryRun: true)])
        #expect(!app.state.engineRunning && app.state.screen == .result)
        #expect(app.state.plan == plan)
    }

    @Test("Only the read right after a run of at least one step leaves out the integrity check")
    func onlyTheReadAfterARunIsUnchecked() throws {
        let store = try JournalFixture.store(version: 1, entries: 40)
        let source = RecordingDataSource(EngineDataSource(modelPath: JournalFixture.modelPath))
        let app = ConsoleApp(
            source: source, planner: ProjectPlanner(project: try MigrationProject(modelPath: JournalFixture.modelPath)),
            storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        app.state.target = "Journal 3"
        app.settle([.loadPlan(target: "Journal 3")])
        #expect(source.checks == [true], "opening checks")
        app.settle([.startRun(dryRun: true)])
        #expect(source.checks == [true], "a dry run reads nothing again")
        try Self.run(app)
        Self.refreshed(app)
        #expect(source.checks == [true, false], "the store the engine has just integrity-checked")
        app.settle([.reload])
        #expect(source.checks == [true, false, true], "reloading checks")
        app.settle([.refreshStore(checksIntegrity: true)])
        #expect(source.checks == [true, false, true, true])
    }

    @Test("After a run, a store damaged since is offered salvage when reloaded", DamageScript.required)
    func damageAfterARunIsStillFound() throws {
        let (app, store) = try Self.planned(entries: 3000)
        try Self.run(app)
        Self.refreshed(app)
        #expect(app.state.compatibility?.compatibleVersion == "Journal 3")
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "2"])
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: damage.output, toPath: store)
        app.settle([.reload])
        #expect(app.state.salvageOffer?.store == store)
    }
}

/// The engine's data source, noting for each store it reads whether it was asked to check its integrity.
final class RecordingDataSource: ConsoleDataSource, Sendable {
    private let source: EngineDataSource
    private let recorded = Mutex<[Bool]>([])

    init(_ source: EngineDataSource) {
        self.source = source
    }

    /// `checksIntegrity` of every `loadStore` so far, in order.
    var checks: [Bool] { recorded.withLock { $0 } }

    func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore {
        recorded.withLock { $0.append(checksIntegrity) }
        return try source.loadStore(at: path, checksIntegrity: checksIntegrity)
    }

    func rows(
        storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery, cancellation: CancellationFlag?
    ) throws -> BrowserPage {
        try source.rows(
            storePath: storePath, entity: entity, offset: offset, limit: limit, query: query, cancellation: cancellation)
    }

    func readAfresh() {
        source.readAfresh()
    }

    func related(storePath: String, entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
        try source.related(storePath: storePath, entity: entity, key: key, limit: limit)
    }

    func salvage(store: String, output: String) throws -> SalvageSummary {
        try source.salvage(store: store, output: output)
    }

    func export(
        storePath: String, entity: String, query: RowQuery, to path: String, cancellation: CancellationFlag,
        progress: (Int) -> Void
    ) throws -> Int {
        try source.export(
            storePath: storePath, entity: entity, query: query, to: path, cancellation: cancellation, progress: progress)
    }

    func seed(_ request: SeedRequest) throws -> String {
        try source.seed(request)
    }
}
