import Dispatch
import Foundation
import MigrationEngine
import Synchronization
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 7: the console draws and answers keys while a store is read (its integrity check reads every
/// page) and while a plan is made (seconds on a long history); Esc stops waiting, and a result that comes
/// after is dropped. The slow work is held at a gate the test opens, so nothing here depends on timing.
@Suite struct NeverBlockTests {
    /// Holds each call until the test opens the gate.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let entered = Atomic<Int>(0)
        /// Calls that have reached the gate.
        var waiting: Int { entered.load(ordering: .relaxed) }
        func pass() {
            entered.add(1, ordering: .relaxed)
            semaphore.wait()
        }
        func open() { semaphore.signal() }
    }

    /// The engine's data source, whose store reads wait at a gate.
    struct GatedSource: ConsoleDataSource {
        let source: EngineDataSource
        let gate: Gate
        func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore {
            gate.pass()
            return try source.loadStore(at: path, checksIntegrity: checksIntegrity)
        }
        func rows(storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery) throws -> BrowserPage {
            try source.rows(storePath: storePath, entity: entity, offset: offset, limit: limit, query: query)
        }
        func related(storePath: String, entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
            try source.related(storePath: storePath, entity: entity, key: key, limit: limit)
        }
        func salvage(store: String, output: String) throws -> String { try source.salvage(store: store, output: output) }
        func export(storePath: String, entity: String, to path: String, cancellation: CancellationFlag) throws -> Int {
            try source.export(storePath: storePath, entity: entity, to: path, cancellation: cancellation)
        }
        func seed(_ request: SeedRequest) throws -> String { try source.seed(request) }
    }

    /// The project's planner, whose plans wait at a gate.
    struct GatedPlanner: ConsolePlanner {
        let planner: ProjectPlanner
        let gate: Gate
        func plan(storePath: String, target: String) throws -> PlanInfo {
            gate.pass()
            return try planner.plan(storePath: storePath, target: target)
        }
        func migrate(
            storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
            cancellation: CancellationFlag
        ) throws {
            try planner.migrate(
                storePath: storePath, target: target, dryRun: dryRun, report: report, cancellation: cancellation)
        }
    }

    /// Waits until `gate` holds `count` calls (the work has started on its own thread).
    static func reached(_ gate: Gate, _ count: Int) {
        let deadline = Date().addingTimeInterval(30)
        while gate.waiting < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Takes the work's result once the gate is open, as the console's loop does each tick.
    static func finish(_ app: ConsoleApp) {
        let deadline = Date().addingTimeInterval(30)
        while !app.finishBackgroundWork(), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    @Test func theStoreIsReadOffTheUIThreadAndEscStopsWaiting() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let gate = Gate()
        let app = ConsoleApp(
            source: GatedSource(source: EngineDataSource(modelPath: JournalFixture.modelPath), gate: gate), planner: nil,
            storePath: store, pickerRoot: "/")
        app.workMode = .thread
        app.perform(app.pendingEffects)
        Self.reached(gate, 1)
        #expect(app.state.opening == store, "the first frame is drawn while the store is read")
        #expect(ConsoleRenderer().render(app.state).text.contains("│ reading /"))
        app.perform(ConsoleController().handle(.character("?"), state: &app.state))
        #expect(app.state.showHelp, "keys are answered meanwhile")
        _ = ConsoleController().handle(.escape, state: &app.state)
        app.perform(ConsoleController().handle(.escape, state: &app.state))
        #expect(app.state.opening == nil)
        #expect(app.state.message?.hasPrefix("stopped reading") == true)
        gate.open()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!app.finishBackgroundWork(), "the store read after Esc is dropped")
        #expect(app.state.overview == nil)
        // Reading again shows it.
        app.perform([.openStore(store)])
        gate.open()
        Self.finish(app)
        #expect(app.state.overview?.path == store)
    }

    @Test func planningRunsOffTheUIThreadAndEscStopsIt() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let gate = Gate()
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath),
            planner: GatedPlanner(planner: ProjectPlanner(project: project), gate: gate), storePath: store,
            pickerRoot: "/")
        app.workMode = .thread
        app.perform(app.pendingEffects)
        Self.reached(gate, 1)
        gate.open()
        Self.finish(app)
        #expect(app.state.overview?.path == store)
        #expect(app.state.plan != nil || app.state.planError != nil, "the first plan (or why none) came with the store")
        app.state.cursor[.versions] = 1
        app.perform(ConsoleController().handle(.character("t"), state: &app.state))
        Self.reached(gate, 2)
        #expect(app.state.planning == "Journal 2")
        #expect(PlanPane.lines(app.state, width: 60).map(\.plainText) == ["planning…", "Esc stops"])
        app.perform(ConsoleController().handle(.escape, state: &app.state))
        #expect(app.state.planning == nil)
        #expect(app.state.planError?.hasPrefix("planning to Journal 2 was stopped") == true)
        gate.open()
        Thread.sleep(forTimeInterval: 0.2)
        _ = app.finishBackgroundWork()
        #expect(app.state.plan == nil, "the plan made after Esc is dropped")
    }
}
