import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 2: defaults that cannot lose data by accident.
@Suite struct SafeDefaultsTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    @Test func aLossyPlanFocusesCancelAndNeedsAnExplicitChoice() {
        var state = SampleState.main
        _ = controller.handle(.character("m"), state: &state)
        #expect(state.confirm == .cancel)
        let screen = renderer.render(state)
        let row = screen.lines.firstIndex { $0.contains("[ Cancel ]") }!
        let column = screen.lines[row].distance(
            from: screen.lines[row].startIndex,
            to: screen.lines[row].range(of: "[ Cancel ]")!.lowerBound)
        #expect(screen[column + 2, row].style.reverse, "Cancel is the highlighted button")
        #expect(screen.text.contains("Cancel is highlighted: Tab to Migrate or Dry run to go ahead."))
        #expect(controller.handle(.enter, state: &state) == [], "Enter alone starts nothing")
        _ = controller.handle(.character("m"), state: &state)
        _ = controller.handle(.tab, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.startRun(dryRun: false)], "choosing Migrate runs")
    }

    @Test func aPlanThatLosesNothingFocusesMigrate() {
        var state = SampleState.main
        state.plan?.steps = [SampleState.plan.steps[0]]
        _ = controller.handle(.character("m"), state: &state)
        #expect(state.confirm == .migrate)
    }

    @Test func keysDoNothingWhileOnlyTheTooSmallNoticeIsOnScreen() {
        var state = SampleState.main
        state.size = TerminalSize(width: 60, height: 20)
        let before = state
        for key in [Key.character("m"), .enter, .down, .character("t"), .tab, .character("?"), .character("d")] {
            #expect(controller.handle(key, state: &state) == [], "\(key)")
        }
        #expect(state == before)
        #expect(controller.handle(.character("q"), state: &state) == [.quit])
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        #expect(controller.handle(.character("q"), state: &state) == [])
        #expect(!state.abortPrompt, "no unseen abort question")
    }

    @Test func tSetsTheTargetOnlyInTheVersionsPane() {
        var state = SampleState.main
        state.cursor[.versions] = 1
        state.focus = .entities
        #expect(controller.handle(.character("t"), state: &state) == [])
        #expect(state.target == "v3")
        #expect(state.message?.contains("Versions pane") == true)
        state.focus = .versions
        #expect(controller.handle(.character("t"), state: &state) == [.loadPlan(target: "v2")])
    }

    @Test func theResultSaysHowToRestoreTheBackup() {
        var state = SampleState.main
        state.screen = .result
        var run = RunAndBrowserViewTests.runHalfway()
        run.apply(.committed(backup: "/tmp/demo/.cdmigrate/Posts.sqlite/backups/20261122-101500-ab12cd", dryRun: false), at: 3)
        state.run = run
        let screen = renderer.render(state).text
        #expect(screen.contains("To put the original back: H here (history, Enter on the backup), or after"))
        #expect(screen.contains("cdmigrate restore /tmp/demo/Posts.sqlite --backup 20261122-101500-ab12cd"))
        #expect(
            ResultView.restoreCommand(storePath: "/tmp/my store.sqlite", backup: "/x/backups/b1")
                == "cdmigrate restore '/tmp/my store.sqlite' --backup b1")
    }
}
