import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

@Suite struct RunAndBrowserViewTests {
    let renderer = ConsoleRenderer()

    static func runHalfway() -> RunProgress {
        let steps = SampleState.plan.steps.map(\.summary)
        var run = RunProgress(dryRun: false, plan: SampleState.plan, startedAt: 0)
        run.apply(.stepStarted(index: 0, step: steps[0]), at: 0)
        run.apply(.stepRows(index: 0, rows: 200_000), at: 0)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 200_000, total: 200_000), at: 1.0)
        run.apply(.stepValidated(index: 0, seconds: 1.0), at: 1.0)
        run.apply(.stepStarted(index: 1, step: steps[1]), at: 1.0)
        run.apply(.stepRows(index: 1, rows: 200_000), at: 1.0)
        run.apply(.entityProgress(index: 1, entity: "Post", done: 0, total: 200_000), at: 1.0)
        run.apply(.entityProgress(index: 1, entity: "Post", done: 50_000, total: 200_000), at: 2.0)
        return run
    }

    @Test func runViewShowsBarsRatesEtaAndLog() {
        var state = SampleState.main
        state.screen = .run
        state.run = Self.runHalfway()
        let lines = renderer.render(state, now: 2.0).lines
        #expect(
            Array(lines[1...8]) == [
                " Migrating Posts.sqlite → v3                                      elapsed 2.0 s",
                "",
                " ● v1  snapshot waiting",
                " ║ 1. mapping  ✓ 1.0 s",
                " ║ ████████████████████████  200,000/200,000 rows",
                " ● v2",
                " │ 2. inferred  ⚠ LOSES DATA",
                " │ ██████░░░░░░░░░░░░░░░░░░  50,000/200,000 rows  50.0k rows/s  ETA 3.0 s",
            ])
        #expect(lines[9] == " ◉ v3  backup waiting  swap waiting")
        #expect(lines[11] == " Current: step 2 of 2 · copying Post (50,000 of 200,000)")
        #expect(lines[13].hasPrefix("┌─ Log"))
        #expect(lines[14] == "│ step 1: v1 → v2 (mapping)                                                    │")
        #expect(lines.last == " a abort  ? help  q quit")
    }

    @Test func abortAsksFirst() {
        var state = SampleState.main
        state.screen = .run
        state.run = Self.runHalfway()
        state.abortPrompt = true
        let screen = renderer.render(state, now: 2.0)
        #expect(screen.text.contains("Abort the run?"))
        #expect(screen.text.contains("The original store stays untouched."))
        #expect(screen.lines.last == " Tab/→/l pane  Enter open  y yes, abort  n/Esc no, keep going  ? help")
    }

    @Test func failureSaysTheStoreIsUnchanged() {
        var run = Self.runHalfway()
        run.apply(
            .failed(MigrationError(category: .cancelled, message: "migration cancelled; the original store is untouched")),
            at: 2.5)
        let lines = ResultView.lines(run).map(\.plainText)
        #expect(
            lines == [
                "✗ Migration failed",
                "Reason: migration cancelled; the original store is untouched",
                "The store is unchanged: the original files were never written.",
                "d shows the reason and the run's log in full",
                "",
                "Timings",
                " 1 v1 → v2  1.0 s  200,000 rows",
                " 2 v2 → v3  stopped",
                " total 2.5 s",
            ])
    }

    @Test func successShowsBackupAndTimings() {
        var run = Self.runHalfway()
        run.apply(.stepValidated(index: 1, seconds: 2.0), at: 3.0)
        run.apply(.committed(backup: "/tmp/demo/.cdmigrate/Posts.sqlite/backups/20261122", dryRun: false), at: 3.2)
        let lines = ResultView.lines(run).map(\.plainText)
        #expect(lines[0] == "✓ Migrated to v3")
        #expect(lines[1] == "Backup of the original:")
        #expect(lines[2] == "  /tmp/demo/.cdmigrate/Posts.sqlite/backups/20261122")
        #expect(lines[6] == " 2 v2 → v3  2.0 s  200,000 rows")
        #expect(
            ResultView.lines(run, width: 24)[2...4].map(\.plainText) == [
                "  /tmp/demo/.cdmigrate/P", "  osts.sqlite/backups/20", "  261122",
            ])
        #expect(lines.last == " total 3.2 s")
    }

    @Test func progressIgnoresEventsForUnknownStepsAndKeepsALimitedLog() {
        var run = Self.runHalfway()
        run.apply(.entityProgress(index: 9, entity: "X", done: 1, total: 1), at: 3)
        for index in 0..<500 { run.apply(.log("line \(index)"), at: 3) }
        #expect(run.log.count == RunProgress.logLimit)
        #expect(run.log.last == "line 499")
        #expect(run.steps[1].eta(at: 2.0) == 3.0)
    }

    @Test func browserRendersValuesByTypeWithColumnsSizedToFit() {
        var state = SampleState.main
        state.screen = .browser
        var browser = BrowserState(entity: "Post")
        browser.page = BrowserPage(
            entity: "Post", columns: ["pk", "title", "created", "thumbnail", "color", "伝言"],
            rows: [
                [
                    .integer(1), .text("Hello\nworld"), .date(Date(timeIntervalSinceReferenceDate: 0)),
                    .blob(Data([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5])), .reference(entity: "Color", key: 7), .text("日本語"),
                ],
                [.integer(2), .null, .date(Date(timeIntervalSinceReferenceDate: 86400.5)), .blob(Data()), .null, .bool(true)],
            ], offset: 0, totalRows: 2)
        browser.selectedRow = 1
        state.browser = browser
        let screen = renderer.render(state)
        #expect(
            Array(screen.lines[1...5]) == [
                " Post  rows 1–2 of 2  page 1/1  read-only",
                "",
                " pk   title        created              thumbnail              color     伝言",
                "   1  Hello⏎world  2001-01-01 00:00:00  9 B deadbeef01020304…  Color #7  日本語",
                "   2  ∅            2001-01-02 00:00:00  0 B                    ∅         yes",
            ])
        #expect(screen[3, 5].style.reverse, "the selected row is highlighted")
        #expect(!screen[3, 4].style.reverse)
    }

    @Test func narrowBrowserScrollsColumnsKeepingTheKey() {
        let widths = [3, 20, 20, 20, 20]
        #expect(DataBrowserView.visibleColumns(widths: widths, offset: 0, width: 50) == [0, 1, 2])
        #expect(DataBrowserView.visibleColumns(widths: widths, offset: 2, width: 50) == [0, 3, 4])
    }

    @Test func progressBarUsesEighths() {
        #expect(ProgressBar.text(fraction: 0.5, width: 4) == ("██", "░░"))
        #expect(ProgressBar.text(fraction: 0.57, width: 4).done == "██▎")
        #expect(ProgressBar.text(fraction: 1.2, width: 3) == ("███", ""))
    }

    @Test func pickerListsStoresWithWalState() {
        let picker = PickerState(
            root: "/data",
            candidates: [
                StoreCandidate(relativePath: "a/App.sqlite", path: "/data/a/App.sqlite", size: 2048, walSize: 4096),
                StoreCandidate(relativePath: "Old.sqlite", path: "/data/Old.sqlite", size: 100, walSize: nil),
            ])
        let lines = PickerView.lines(picker, width: 50).map(\.plainText)
        #expect(lines == ["a/App.sqlite               2.0 KB  -wal 4.0 KB", "Old.sqlite                  100 B  no -wal"])
    }
}
