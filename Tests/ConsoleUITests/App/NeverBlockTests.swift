import Foundation
import MigrationEngine
import Synchronization
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

    /// The console as `cdmigrate console STORE` starts it: every store's tools (model, mappings) made by
    /// `tools`, held by `held` like any other work.
    static func launched(_ store: String, held: DeferredWork, tools: @escaping @Sendable (String) throws -> StoreTools)
        -> ConsoleApp
    {
        let app = ConsoleApp(storePath: store, pickerRoot: "/", toolsForStore: tools)
        app.workMode = .deferred(held)
        app.perform(app.pendingEffects)
        return app
    }

    /// Issue 35, item 7: the console started on a store drew nothing until the model had been read (seconds
    /// on a 90-version history) and the rows counted; the model is read off the UI thread, the first frame
    /// saying so, and only then the store.
    @Test func theModelOfTheStoreGivenIsReadAfterTheFirstFrame() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let held = DeferredWork()
        let made = Mutex(0)
        let app = Self.launched(store, held: held) { _ in
            made.withLock { $0 += 1 }
            let project = try MigrationProject(modelPath: JournalFixture.modelPath)
            return StoreTools(
                source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: ProjectPlanner(project: project),
                restorer: nil, notice: "using the journal's model")
        }
        #expect(made.withLock { $0 } == 0, "nothing read before the first frame")
        let first = ConsoleRenderer().render(app.state).text
        let name = URL(fileURLWithPath: store).lastPathComponent
        #expect(first.contains("reading \(name) and its model"), "\(first)")
        #expect(first.hasPrefix(" cdmigrate │ \(name)"), "the title bar names the store from the first frame: \(first)")
        app.press(.character("?"))
        #expect(app.state.showHelp, "keys are answered meanwhile")
        app.press(.escape)
        #expect(held.runAll() == 1)
        #expect(made.withLock { $0 } == 1)
        app.receiveAll()
        #expect(app.state.overview == nil, "the store is read with the tools made for it, off the UI thread too")
        #expect(app.state.message == "using the journal's model")
        #expect(held.runAll() == 1)
        app.receiveAll()
        #expect(app.state.overview?.path == store)
        #expect(app.state.compatibility?.compatibleVersion == "Journal 1")
        #expect(app.state.versions.map(\.name) == (1...5).map { "Journal \($0)" }, "the versions of the model made")
        #expect(app.state.target == "Journal 5")
        #expect(app.state.plan != nil || app.state.planError != nil, "planned with it too, in the same read")
    }

    /// A model that cannot be read for the store named at launch ends the console with the engine's error, as
    /// the command line reported it before the console started; Esc meanwhile stops waiting and ends nothing.
    @Test func aModelThatCannotBeReadForTheStoreGivenEndsTheConsoleWithItsError() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        let missing = try TemporaryDirectory.make().appendingPathComponent("Gone.xcdatamodeld").path
        let held = DeferredWork()
        let app = Self.launched(store, held: held) { _ in
            _ = try MigrationProject(modelPath: missing)
            Issue.record("a missing model was read")
            return StoreTools(source: EngineDataSource(modelPath: nil), planner: nil, restorer: nil)
        }
        held.runAll()
        app.receiveAll()
        let fatal = try #require(app.state.fatal)
        #expect(fatal.error?.message.contains(missing) == true, "\(fatal.line)")
        #expect(fatal.error?.category == .notFound, "the exit code the command line gave it before")

        let waited = Self.launched(store, held: held) { _ in throw StoreError(.notFound, path: missing, message: "gone") }
        waited.press(.escape)
        held.runAll()
        waited.receiveAll()
        #expect(waited.state.fatal == nil, "Esc stopped waiting: what comes after is dropped")
        #expect(waited.state.message?.hasPrefix("stopped reading") == true)
    }
}
