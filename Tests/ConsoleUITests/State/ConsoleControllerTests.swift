import MigrationEngine
import Testing

@testable import ConsoleUI

@Suite struct ConsoleControllerTests {
    let controller = ConsoleController()

    @Test func tabCyclesPanesAndShiftTabGoesBack() {
        var state = SampleState.main
        #expect(state.focus == .versions)
        _ = controller.handle(.tab, state: &state)
        #expect(state.focus == .entities)
        _ = controller.handle(.character("l"), state: &state)
        _ = controller.handle(.tab, state: &state)
        #expect(state.focus == .plan)
        _ = controller.handle(.tab, state: &state)
        #expect(state.focus == .versions)
        _ = controller.handle(.backTab, state: &state)
        #expect(state.focus == .plan)
    }

    @Test func viKeysAndArrowsMoveTheSelectionWithinBounds() {
        var state = SampleState.main
        _ = controller.handle(.character("j"), state: &state)
        _ = controller.handle(.down, state: &state)
        _ = controller.handle(.down, state: &state)
        #expect(state.cursor[.versions] == 2)
        _ = controller.handle(.character("k"), state: &state)
        #expect(state.selectedVersion?.name == "v2")
        _ = controller.handle(.character("g"), state: &state)
        #expect(state.cursor[.versions] == 0)
    }

    @Test func choosingATargetAsksForANewPlan() {
        var state = SampleState.main
        _ = controller.handle(.down, state: &state)
        let effects = controller.handle(.character("t"), state: &state)
        #expect(effects == [.loadPlan(target: "v2")])
        #expect(state.target == "v2")
        #expect(state.plan == nil)
        #expect(controller.handle(.character("t"), state: &state) == [], "the same target again plans nothing")
    }

    /// Issue 35, item 10: Enter on a version asks before retargeting (t retargets at once); y, t or Enter on
    /// Retarget replan, n, Esc or Cancel keep the target; the dialog names its own keys.
    @Test func enterOnAVersionAsksBeforeRetargeting() {
        let renderer = ConsoleRenderer()
        var state = SampleState.main
        _ = controller.handle(.down, state: &state)
        #expect(controller.handle(.enter, state: &state) == [])
        #expect(state.keyContext == .retargetConfirm)
        #expect(state.target == "v3", "nothing replanned before the answer")
        let screen = renderer.render(state).text
        #expect(screen.contains("Make v2 the target?"))
        #expect(screen.contains("[ y Retarget ]"))
        #expect(screen.contains("[ n Cancel ]"))
        #expect(
            screen.contains("Tab/→/l choose  Enter press  y/t retarget  n/Esc keep the target"),
            "the dialog names its own keys: \(screen)")
        #expect(controller.handle(.character("n"), state: &state) == [])
        #expect(state.target == "v3")
        #expect(state.keyContext == .panes)
        _ = controller.handle(.enter, state: &state)
        _ = controller.handle(.tab, state: &state)
        #expect(controller.handle(.enter, state: &state) == [], "Enter on Cancel keeps the target")
        #expect(state.target == "v3")
        _ = controller.handle(.enter, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.loadPlan(target: "v2")], "Enter on Retarget")
        #expect(state.target == "v2")
        _ = controller.handle(.down, state: &state)
        _ = controller.handle(.enter, state: &state)
        #expect(controller.handle(.character("y"), state: &state) == [.loadPlan(target: "v3")])
        _ = controller.handle(.enter, state: &state)
        #expect(state.keyContext == .panes, "the target itself asks nothing")
        #expect(state.message == "v3 is already the target")
    }

    /// Issue 35, item 10: a click on the selected row opens it in every pane, as Enter would.
    @Test func aClickOnTheSelectedRowOpensIt() throws {
        let renderer = ConsoleRenderer()
        var state = SampleState.main
        let lines = renderer.render(state).lines
        let row = try #require(lines.firstIndex { $0.contains("     v2  ") })
        let click = Key.mouse(MouseEvent(x: 6, y: row, kind: .press))
        #expect(controller.handle(click, state: &state) == [])
        #expect(state.selectedVersion?.name == "v2")
        _ = controller.handle(click, state: &state)
        #expect(state.retargetPrompt == "v2", "the second press asks, as Enter does")
        let dialog = renderer.render(state).lines
        let buttons = try #require(dialog.firstIndex { $0.contains("[ y Retarget ]") })
        let column = dialog[buttons].distance(
            from: dialog[buttons].startIndex, to: dialog[buttons].range(of: "[ y Retarget ]")!.lowerBound)
        #expect(
            controller.handle(.mouse(MouseEvent(x: column + 2, y: buttons, kind: .press)), state: &state) == [
                .loadPlan(target: "v2")
            ])
        state.focus = .entities
        let entities = renderer.render(state).lines
        let tag = try #require(entities.firstIndex { $0.contains("│ Tag ") })
        let press = Key.mouse(MouseEvent(x: 3, y: tag, kind: .press))
        #expect(controller.handle(press, state: &state) == [])
        #expect(controller.handle(press, state: &state) == [.loadRows(entity: "Tag", offset: 0)])
    }

    @Test func enterOnAnEntityOpensTheBrowserAndEscBacksOut() {
        var state = SampleState.main
        state.focus = .entities
        _ = controller.handle(.down, state: &state)
        let effects = controller.handle(.enter, state: &state)
        #expect(effects == [.loadRows(entity: "Tag", offset: 0)])
        #expect(state.screen == .browser)
        #expect(state.keyContext == .browser)
        _ = controller.handle(.escape, state: &state)
        #expect(state.screen == .main)
        #expect(state.browser == nil)
    }

    @Test func browserLoadsTheNextPageWhenTheSelectionLeavesThisOne() {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        let rows = state.layout.browserRows
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk"], rows: (0..<rows).map { [.integer(Int64($0 + 1))] },
            offset: 0, totalRows: 200_000)
        state.browser = browser
        #expect(controller.handle(.down, state: &state) == [])
        #expect(controller.handle(Key.pageDown, state: &state) == [.loadRows(entity: "Post", offset: rows)])
        // G shows the last full screen, not the last rows' remainder of an aligned page.
        #expect(controller.handle(.character("G"), state: &state) == [.loadRows(entity: "Post", offset: 200_000 - rows)])
    }

    @Test func capitalSMovesTheSortToTheNextColumnAndSFlipsIt() {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk", "title", "views"], rows: [[.integer(1), .text("a"), .integer(3)]], offset: 0,
            totalRows: 1, sourceColumns: ["Z_PK", "ZTITLE", "ZVIEWS"])
        state.browser = browser
        #expect(controller.handle(.character("S"), state: &state) == [.loadRows(entity: "Post", offset: 0)])
        #expect(state.browser?.query.sortColumn == "ZTITLE" && state.browser?.query.descending == false)
        state.browser?.page = browser.page
        _ = controller.handle(.character("S"), state: &state)
        #expect(state.browser?.query.sortColumn == "ZVIEWS")
        #expect(state.browser?.columnOffset == 1, "the sorted column is the first scrolled one")
        state.browser?.page = browser.page
        _ = controller.handle(.character("s"), state: &state)
        #expect(state.browser?.query.sortColumn == "ZVIEWS" && state.browser?.query.descending == true)
        state.browser?.page = browser.page
        _ = controller.handle(.character("S"), state: &state)
        #expect(state.browser?.query.sortColumn == nil && state.browser?.columnOffset == 0, "after the last: key order")
    }

    @Test func migrateOpensTheDialogAndItsOptionsStartRuns() {
        var state = SampleState.main
        state.plan?.steps[1].isLossy = false
        #expect(controller.handle(.character("m"), state: &state) == [])
        #expect(state.confirm == .migrate)
        _ = controller.handle(.tab, state: &state)
        #expect(state.confirm == .dryRun)
        #expect(controller.handle(.enter, state: &state) == [.startRun(dryRun: true)])
        #expect(state.confirm == nil)
        _ = controller.handle(.character("m"), state: &state)
        #expect(controller.handle(.enter, state: &state) == [.startRun(dryRun: false)])
        _ = controller.handle(.character("m"), state: &state)
        _ = controller.handle(.left, state: &state)
        #expect(state.confirm == .cancel)
        #expect(controller.handle(.enter, state: &state) == [])
        _ = controller.handle(.character("m"), state: &state)
        #expect(controller.handle(.escape, state: &state) == [])
        #expect(state.confirm == nil)
    }

    @Test func migrateWithoutStepsSaysSo() {
        var state = SampleState.main
        state.plan?.steps = []
        _ = controller.handle(.character("m"), state: &state)
        #expect(state.confirm == nil)
        #expect(state.message == "already at v3")
    }

    @Test func abortNeedsConfirmation() {
        var state = SampleState.main
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        #expect(controller.handle(.character("a"), state: &state) == [.pauseRun], "the run waits while asked")
        #expect(state.keyContext == .abortPrompt)
        #expect(controller.handle(.character("n"), state: &state) == [.resumeRun])
        #expect(state.keyContext == .run)
        _ = controller.handle(.character("q"), state: &state)
        #expect(state.abortPrompt, "q during a run asks to abort instead of leaving")
        #expect(controller.handle(.character("y"), state: &state) == [.cancelRun])
        #expect(state.run?.abortRequested == true)
    }

    @Test func helpOpensAnywhereAndClosesWithEscOrQuestionMark() {
        var state = SampleState.main
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.keyContext == .help)
        _ = controller.handle(.character("j"), state: &state)
        #expect(state.helpScroll == 1)
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .panes)
        state.screen = .browser
        state.browser = BrowserState(entity: "Post")
        _ = controller.handle(.character("?"), state: &state)
        #expect(state.contextBehindHelp == .browser)
        _ = controller.handle(.character("?"), state: &state)
        #expect(!state.showHelp)
    }

    @Test func resultScreenReturnsToTheReloadedStore() {
        var state = SampleState.main
        state.screen = .result
        #expect(controller.handle(.escape, state: &state) == [.reload])
        #expect(state.screen == .main)
    }

    @Test func quitFromEveryScreenButARun() {
        for screen in [ConsoleScreen.main, .browser, .picker, .result] {
            var state = SampleState.main
            state.screen = screen
            state.browser = BrowserState(entity: "Post")
            #expect(controller.handle(.character("q"), state: &state) == [.quit], "\(screen)")
        }
    }

    @Test func pickerOpensTheSelectedStore() {
        var state = ConsoleState(screen: .picker)
        state.picker = PickerState(
            root: "/d",
            candidates: [
                StoreCandidate(relativePath: "a.sqlite", path: "/d/a.sqlite", size: 1, walSize: nil),
                StoreCandidate(relativePath: "b.sqlite", path: "/d/b.sqlite", size: 1, walSize: 0),
            ])
        _ = controller.handle(.down, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.pickStore("/d/b.sqlite")])
    }
}
