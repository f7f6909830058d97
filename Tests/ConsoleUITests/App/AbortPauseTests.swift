import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 8: while "Abort the run?" is asked the run waits at its next batch; No resumes it, Yes
/// ends it there with the original untouched.
@Suite struct AbortPauseTests {
    let controller = ConsoleController()

    /// Waits (at most 60 s) until `condition` holds, taking in the engine's actions as the loop does: a run
    /// paused while a question is asked needs the engine on its own thread.
    static func wait(_ app: ConsoleApp, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition(), Date() < deadline {
            if !app.receiveAll() { Thread.sleep(forTimeInterval: 0.01) }
        }
        return condition()
    }

    /// A run started on a Journal 1 store of 2,000 entries, with `a` pressed at once; waits until it is held.
    func askedToAbort() throws -> (ConsoleApp, store: String, original: Data) {
        let (app, store) = try RunRefreshTests.planned(entries: 2000)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        app.workMode = .thread
        app.perform([.startRun(dryRun: false)])
        let effects = controller.handle(.character("a"), state: &app.state)
        #expect(effects == [.pauseRun])
        app.settle(effects)
        #expect(Self.wait(app) { app.cancellation.isHeld }, "the run waits at its next batch")
        return (app, store, original)
    }

    @Test func noResumesThePausedRun() throws {
        let (app, store, original) = try askedToAbort()
        #expect(app.state.engineRunning && app.state.run?.outcome == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        app.state.size = TerminalSize(width: 100, height: 30)
        #expect(ConsoleRenderer().render(app.state).text.contains("The run is paused at its next batch until you answer."))
        let effects = controller.handle(.character("n"), state: &app.state)
        #expect(effects == [.resumeRun])
        app.settle(effects)
        #expect(Self.wait(app) { !app.state.engineRunning })
        guard case .succeeded? = app.state.run?.outcome else {
            Issue.record("the resumed run did not succeed: \(String(describing: app.state.run?.outcome))")
            return
        }
        #expect(app.state.message == nil || app.state.message?.contains("nothing was aborted") == false)
    }

    @Test func yesEndsThePausedRunWithTheStoreUntouched() throws {
        let (app, store, original) = try askedToAbort()
        let effects = controller.handle(.character("y"), state: &app.state)
        #expect(effects == [.cancelRun])
        app.settle(effects)
        #expect(Self.wait(app) { !app.state.engineRunning })
        guard case .failed? = app.state.run?.outcome else {
            Issue.record("the run was not aborted: \(String(describing: app.state.run?.outcome))")
            return
        }
        #expect(app.state.screen == .result)
        #expect(ConsoleRenderer().render(app.state).text.contains("Migration aborted"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(try StorePaths(storePath: store).leftovers().isEmpty, "no temporary store is left behind")
    }

    @Test func qAsksAndPausesToo() {
        var state = SampleState.main
        state.screen = .run
        state.run = RunProgress(dryRun: false, plan: SampleState.plan, startedAt: 0)
        #expect(controller.handle(.character("q"), state: &state) == [.pauseRun])
        #expect(state.abortPrompt)
        #expect(controller.handle(.escape, state: &state) == [.resumeRun])
    }

    @Test func aRunThatFinishesWhileAskedSaysNothingWasAborted() throws {
        let (app, _) = try RunRefreshTests.planned(entries: 40)
        // The run's work is inline: it has ended, its actions not yet taken.
        app.perform([.startRun(dryRun: false)])
        // Asked once the run is past its last batch (backing up or swapping), where it does not pause: the
        // question is open, no pause was taken.
        app.state.abortPrompt = true
        app.receiveAll()
        #expect(!app.state.engineRunning)
        #expect(app.state.screen == .result && !app.state.abortPrompt)
        #expect(app.state.message?.contains("the run had finished before you answered") == true)
        #expect(controller.handle(.character("y"), state: &app.state) == [], "a late y aborts nothing")
    }
}
