import Testing

@testable import ConsoleUI

@Suite struct MainScreenTests {
    let renderer = ConsoleRenderer()

    @Test func mainScreenAt80x24() {
        let screen = renderer.render(SampleState.main).text
        #expect(
            screen == """
                 cdmigrate │ Posts.sqlite │ Posts.xcdatamodeld │ at v1 → v3
                ┌─ ▸ Versions ────────────┐┌─ Store ───────────────────────────────────────────┐
                │   ● v1                  ││ Files      Posts.sqlite        4.0 MB             │
                │     v2                  ││            Posts.sqlite-wal    8.0 KB             │
                │ ▶   v3 ★                ││            Posts.sqlite-shm     32 KB             │
                │                         ││ Journal    wal  (-wal 8.0 KB)                     │
                │ ●store ▶target ★current ││ UUID       6F1A2B3C-0000-4000-8000-00000000ABCD   │
                │                         ││ Framework  1048                                   │
                │                         ││ Entity hashes vs v1                               │
                │                         ││  ✓ Post AAAAv1hashPo…                             │
                └─────────────────────────┘│                                                   │
                ┌─ Entities · 201,234 ────┐└────────────────────────────────────────── 1-9/14 ─┘
                │ Post            200,000 │┌─ Plan → v3 ───────────────────────────────────────┐
                │ Tag               1,234 ││ v1 ═mapping═▶ v2 ─inferred→ ⚠ v3                  │
                │                         ││                                                   │
                │                         ││ ● v1  store                                       │
                │                         ││ ║ 1. mapping                                      │
                │                         ││ ║    · rename Post.color → hexColor               │
                │                         ││ ● v2                                              │
                │                         ││ │ 2. inferred  ⚠ LOSES DATA                       │
                │                         ││ │    · drop Post.note                             │
                └─────────────────────────┘└────────────────────────────────────────── 1-8/13 ─┘

                 ↑↓/jk move  Tab/→/l pane  Enter open  t target  m migrate  ? help  q quit
                """)
    }

    @Test func storePaneChecksHashesAgainstTheSelectedVersion() {
        var state = SampleState.main
        state.cursor[.versions] = 2
        let lines = StorePane.lines(state).map(\.plainText)
        #expect(lines.contains("Entity hashes vs v3"))
        #expect(lines.contains(" ✗ Color in v3, not in store"))
        #expect(lines.contains(" ✗ Post  AAAAv1hashPo… ≠ BBBBv2hashPo…"))
        state.cursor[.versions] = 0
        #expect(StorePane.lines(state).map(\.plainText).contains(" ✓ Post AAAAv1hashPo…"))
    }

    @Test func lossyStepsStandOutInTheDangerStyle() {
        let lines = PlanPane.lines(SampleState.main, width: 60)
        let heading = lines.first { $0.plainText.hasPrefix("│ 2. ") }
        #expect(heading?.spans.last?.style == .danger)
        let chain = ChainLine.lines(source: "v1", steps: SampleState.plan.steps, width: 60)
        #expect(chain.map(\.plainText) == ["v1 ═mapping═▶ v2 ─inferred→ ⚠ v3"])
        #expect(chain[0].spans.first { $0.text.contains("inferred") }?.style == .danger)
        #expect(chain[0].spans.first { $0.text.contains("mapping") }?.style == CellStyle(.info, bold: true))
    }

    @Test func chainWrapsAfterAnArrow() {
        let chain = ChainLine.lines(source: "Model 1", steps: SampleState.plan.steps, width: 24)
        #expect(chain.map(\.plainText) == ["Model 1 ═mapping═▶ v2", "  ─inferred→ ⚠ v3"])
    }

    @Test func changingTheSelectedVersionRedrawsTheStorePane() {
        var state = SampleState.main
        let before = renderer.render(state).text
        state.cursor[.versions] = 1
        let after = renderer.render(state).text
        #expect(before != after)
        #expect(after.contains("Entity hashes vs v2"))
    }

    /// Issue 35, item 10: every dialog and the wait modal name their own keys in their bottom border.
    @Test func dialogsAndTheWaitModalNameTheirKeys() {
        var state = SampleState.main
        _ = ConsoleController().handle(.character("m"), state: &state)
        #expect(renderer.render(state).text.contains("Tab/→/l choose  Enter press  Esc cancel"))
        state.confirm = nil
        state.preparing = "Restoring Posts.sqlite…"
        #expect(renderer.render(state).text.contains("q stops and quits"))
        state.preparing = nil
        state.screen = .run
        state.run = RunAndBrowserViewTests.runHalfway()
        _ = ConsoleController().handle(.character("a"), state: &state)
        #expect(renderer.render(state).text.contains("y yes, abort  n/Esc no, keep going"))
    }

    /// Issue 35, item 10: the salvage report has one button, yet its footer said "Tab/→/l choose … Esc cancel".
    @Test func aReportOfOneButtonNamesNoChoice() {
        var state = SampleState.main
        state.salvageReport = SalvageSummary(
            store: "/tmp/demo/Posts.sqlite", output: "/tmp/demo/Posts-salvaged.sqlite", entities: [], line: "Salvaged")
        let screen = renderer.render(state).text
        #expect(screen.contains("[ OK ]"), "\(screen)")
        #expect(screen.contains("Enter press  Esc close"), "\(screen)")
        #expect(!screen.contains("choose"))
        #expect(renderer.render(state).lines.last?.contains("Tab") == false, "nor does the hint bar under it")
        state.salvageReport = nil
        state.salvageOffer = SalvageOffer(
            store: "/tmp/demo/Posts.sqlite", reason: "damaged", output: "/tmp/demo/Posts-salvaged.sqlite")
        #expect(renderer.render(state).text.contains("choose  Enter press  Esc cancel"), "two buttons: a choice")
        #expect(renderer.render(state).lines.last?.contains("Tab/→/l pane") == true)
    }

    @Test func confirmDialogShowsBackupAndButtons() {
        var state = SampleState.main
        state.confirm = .dryRun
        let screen = renderer.render(state)
        let text = screen.text
        #expect(text.contains("Migrate Posts.sqlite from v1 to v3"))
        #expect(text.contains("⚠ 1 step loses data"))
        #expect(text.contains("/tmp/demo/.cdmigrate/Posts.sqlite/backups"))
        #expect(text.contains("[ Migrate ]  [ Dry run ]  [ Cancel ]"))
        #expect(screen.lines.last == " Tab/→/l pane  Enter open  Esc back  ? help")
        // The highlighted button is the dry run.
        let row = screen.lines.firstIndex { $0.contains("[ Dry run ]") }!
        let column = screen.lines[row].distance(
            from: screen.lines[row].startIndex,
            to: screen.lines[row].range(of: "[ Dry run ]")!.lowerBound)
        #expect(screen[column + 2, row].style.reverse)
    }

    @Test func tooSmallTerminalSaysSo() {
        var state = SampleState.main
        state.size = TerminalSize(width: 60, height: 20)
        #expect(renderer.render(state).lines.first == "Terminal 60×20: cdmigrate needs at least 80×24. q quits.")
    }

    @Test func largerTerminalsGetLargerPanes() {
        var state = SampleState.main
        state.size = TerminalSize(width: 120, height: 40)
        let screen = renderer.render(state)
        #expect(screen.lines.count == 40)
        #expect(screen.lines[0].hasPrefix(" cdmigrate"))
        #expect(screen.text.contains("Path       /tmp/demo/Posts.sqlite"))
        #expect(screen.lines[39].hasPrefix(" ↑↓/jk move"))
    }

    @Test func helpOverlayListsTheKeysOfWhereTheUserIs() {
        var state = SampleState.main
        state.showHelp = true
        let screen = renderer.render(state)
        #expect(screen.lines[1].hasPrefix("┌─ ▸ Help — Esc, q or ? closes"))
        #expect(screen.lines[2] == "│ Main screen (here)                                                           │")
        #expect(screen.text.contains("│   t                In the Versions pane: make the selected version the       │"))
        #expect(screen.text.contains("│                    restores it, after a question.                            │"))
        #expect(screen.lines.last == " ↑↓/jk move  Esc back  ? help  q close")
    }

    @Test func wideEntityNamesStayAligned() {
        var state = SampleState.main
        state.overview?.entities = [.init(name: "Post", rows: 5), .init(name: "投稿", rows: 12), .init(name: "Café", rows: 1)]
        let lines = EntitiesPane.lines(state, width: 20).map(\.plainText)
        #expect(lines == ["Post              5", "投稿             12", "Café              1"])
        #expect(lines.allSatisfy { TerminalWidth.of($0) == 19 })
    }

    /// Issue 35, item 9: z zooms the focused pane to the whole body, so a 13-line plan at 80×24 shows whole;
    /// Tab moves the zoom, z or Esc ends it, and the mouse and paging use the zoomed pane's size.
    @Test func zZoomsTheFocusedPane() {
        var state = SampleState.main
        let controller = ConsoleController()
        state.focus = .plan
        #expect(renderer.render(state).text.contains("1-8/13 ─┘"), "at 80×24 the plan is cut")
        _ = controller.handle(.character("z"), state: &state)
        let zoomed = renderer.render(state).text
        #expect(zoomed.contains("Plan → v3"))
        #expect(!zoomed.contains("Versions"), "the other panes give way")
        #expect(zoomed.contains("◉ v3  target"))
        #expect(!zoomed.contains("/13 ─┘"), "the plan shows whole, with no scroll position: \(zoomed)")
        #expect(state.layout.panes.keys.sorted { $0.rawValue < $1.rawValue } == [.plan])
        _ = controller.handle(.tab, state: &state)
        #expect(state.layout.panes[.versions] == state.layout.body, "Tab moves the zoom to the next pane")
        _ = controller.handle(.escape, state: &state)
        #expect(!state.zoomed)
        #expect(renderer.render(state).text.contains("Entities"))
        _ = controller.handle(.character("z"), state: &state)
        _ = controller.handle(.character("z"), state: &state)
        #expect(!state.zoomed)
    }

    /// Issue 35, item 9: on a model with a long history the chain comes first: runs of versions off the path
    /// fold into one line each, and the one-line chain tops the pane.
    @Test func longRunsOfVersionsOffThePathFold() {
        var state = SampleState.main
        state.versions = (1...90).map { VersionInfo(name: "v\($0)", isCurrent: $0 == 90) }
        state.plan?.source = "v1"
        state.plan?.target = "v90"
        state.plan?.steps[0].summary.to = "v2"
        state.plan?.steps[1].summary.from = "v2"
        state.plan?.steps[1].summary.to = "v90"
        let lines = PlanPane.lines(state, width: 60).map(\.plainText)
        #expect(lines.first == "v1 ═mapping═▶ v2 ─inferred→ ⚠ v90")
        #expect(lines.contains("│ ○ v3 … v89  87 versions not on the path"), "\(lines)")
        #expect(lines.count < 20, "the chain, not 90 versions: \(lines.count) lines")
        #expect(ChainGraph.offPathLines(["a", "b", "c"], rail: nil).count == 3, "a short run is listed whole")
    }
}
