import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 8: while "Abort the run?" is asked the run waits at its next batch; No resumes it, Yes
/// ends it there with the original untouched. With no thread and no sleep: the run's work is held, `a` is
/// pressed before it starts, and it then runs on the test's thread, where its wait at the first batch is
/// where the test answers (``DeferredWork/init(whilePaused:)``).
@Suite struct AbortPauseTests {
    let controller = ConsoleController()

    /// A run of a Journal 1 store of 2,000 entries with `a` pressed as it starts; `answer` is given the
    /// console once the run waits at its first batch, and must answer. Returns when the run has ended.
    func run(answering answer: @escaping (ConsoleApp) -> Void) throws -> (ConsoleApp, store: String, original: Data) {
        let (app, store) = try RunRefreshTests.planned(entries: 2000)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        nonisolated(unsafe) let console = app
        nonisolated(unsafe) let answer = answer
        nonisolated(unsafe) var answers = 0
        let held = DeferredWork(whilePaused: {
            answers += 1
            guard answers == 1 else {
                Issue.record("the run still waits after the answer")
                return console.cancellation.cancel()
            }
            // What the console's loop does meanwhile: take the run's events, then the key.
            console.receiveAll()
            answer(console)
        })
        app.workMode = .deferred(held)
        app.perform([.startRun(dryRun: false)])
        let effects = controller.handle(.character("a"), state: &app.state)
        #expect(effects == [.pauseRun])
        app.settle(effects)
        #expect(held.runAll() == 1, "the run, held until now, ran here")
        #expect(answers == 1, "the run waited at its first batch")
        app.receiveAll()
        return (app, store, original)
    }

    @Test func noResumesThePausedRun() throws {
        let (app, _, _) = try run { console in
            #expect(console.cancellation.isHeld, "the run waits at its next batch")
            #expect(console.state.engineRunning && console.state.run?.outcome == nil)
            console.state.size = TerminalSize(width: 100, height: 30)
            let screen = ConsoleRenderer().render(console.state).text
            #expect(screen.contains("The run is paused at its next batch until you answer."), "\(screen)")
            let effects = console.send(.key(.character("n")))
            #expect(effects == [.resumeRun])
            #expect(!console.cancellation.isPaused)
        }
        #expect(!app.state.engineRunning)
        guard case .succeeded? = app.state.run?.outcome else {
            Issue.record("the resumed run did not succeed: \(String(describing: app.state.run?.outcome))")
            return
        }
        #expect(app.state.message == nil || app.state.message?.contains("nothing was aborted") == false)
    }

    @Test func yesEndsThePausedRunWithTheStoreUntouched() throws {
        let (app, store, original) = try run { console in
            #expect(console.cancellation.isHeld)
            #expect(console.send(.key(.character("y"))) == [.cancelRun])
        }
        #expect(!app.state.engineRunning)
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
