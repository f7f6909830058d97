import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 7: the console draws and answers keys while a store is read (its integrity check reads every
/// page) and while a plan is made (seconds on a long history); Esc stops waiting, and a result that comes
/// after is dropped. The work is held (``WorkMode/deferred(_:)``) until the test runs it, so the console is
/// seen mid-work with no thread, and nothing here depends on timing.
@Suite struct NeverBlockTests {
    /// The console on `store`, its work held by `held`, the store's read started.
    static func console(_ store: String, planner: (any ConsolePlanner)? = nil, held: DeferredWork) -> ConsoleApp {
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: planner, storePath: store,
            pickerRoot: "/")
        app.workMode = .deferred(held)
        app.perform(app.pendingEffects)
        return app
    }

    @Test func theStoreIsReadOffTheUIThreadAndEscStopsWaiting() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let held = DeferredWork()
        let app = Self.console(store, held: held)
        #expect(app.state.opening == store, "the first frame is drawn while the store is read")
        #expect(ConsoleRenderer().render(app.state).text.contains("│ reading /"))
        app.press(.character("?"))
        #expect(app.state.showHelp, "keys are answered meanwhile")
        app.press(.escape)
        app.press(.escape)
        #expect(app.state.opening == nil)
        #expect(app.state.message?.hasPrefix("stopped reading") == true)
        #expect(held.runAll() == 1)
        #expect(app.actions.count == 1, "the read has sent its result")
        #expect(app.receive() == nil, "the store read after Esc is dropped")
        #expect(app.state.overview == nil)
        // Reading again shows it.
        app.perform([.openStore(store)])
        held.runAll()
        let read = app.receive()
        guard case .storeRead(let outcome)? = read else {
            Issue.record("expected the store read, got \(String(describing: read))")
            return
        }
        #expect(outcome.path == store)
        #expect(app.state.overview?.path == store)
    }

    @Test func planningRunsOffTheUIThreadAndEscStopsIt() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let held = DeferredWork()
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let app = Self.console(store, planner: ProjectPlanner(project: project), held: held)
        held.runAll()
        app.receiveAll()
        #expect(app.state.overview?.path == store)
        #expect(app.state.plan != nil || app.state.planError != nil, "the first plan (or why none) came with the store")
        app.state.cursor[.versions] = 1
        app.press(.character("t"))
        #expect(app.state.planning == "Journal 2")
        #expect(PlanPane.lines(app.state, width: 60).map(\.plainText) == ["planning…", "Esc stops"])
        app.press(.escape)
        #expect(app.state.planning == nil)
        #expect(app.state.planError?.hasPrefix("planning to Journal 2 was stopped") == true)
        #expect(held.runAll() == 1)
        #expect(!app.receiveAll(), "the plan made after Esc is dropped")
        #expect(app.state.plan == nil)
    }

    @Test func escOnAReloadKeepsTheStoreAsShown() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        let held = DeferredWork()
        let app = Self.console(store, held: held)
        held.runAll()
        app.receiveAll()
        #expect(app.state.compatibility?.compatibleVersion == "Journal 1")
        app.perform([.reload])
        app.press(.escape)
        #expect(app.state.message?.hasPrefix("stopped reading") == true)
        // Meanwhile the file is replaced: the read Esc stopped finds the new one, and is dropped all the same.
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: try JournalFixture.store(version: 2, entries: 7), toPath: store)
        #expect(held.runAll() == 1)
        #expect(!app.receiveAll())
        #expect(app.state.compatibility?.compatibleVersion == "Journal 1")
    }
}
