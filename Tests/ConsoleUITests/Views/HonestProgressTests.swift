import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 10: totals that never jump, a sane ETA, a visible validation, a "Current:" that is never
/// stale, and every stage (snapshot, copy, validation, backup, swap) on the chain itself.
@Suite struct HonestProgressTests {
    let renderer = ConsoleRenderer()

    static func started() -> RunProgress {
        var run = RunProgress(dryRun: false, plan: SampleState.plan, startedAt: 0)
        run.apply(.planReady(steps: SampleState.plan.steps.map(\.summary)), at: 0)
        run.apply(.stageStarted(.snapshot), at: 0)
        run.apply(.stepStarted(index: 0, step: SampleState.plan.steps[0].summary), at: 0.1)
        return run
    }

    static func screen(_ run: RunProgress, now: Double) -> String {
        var state = SampleState.main
        state.screen = .run
        state.run = run
        return ConsoleRenderer().render(state, now: now).text
    }

    @Test func aStepsTotalIsTheEnginesFigureAndNeverJumps() {
        var run = Self.started()
        #expect(run.steps[0].total == nil, "no guess before the engine has counted")
        #expect(Self.screen(run, now: 0.2).contains("counting the rows…"))
        run.apply(.stepRows(index: 0, rows: 400_000), at: 0.2)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 100_000, total: 200_000), at: 0.5)
        #expect(Self.screen(run, now: 0.5).contains("100,000/400,000 rows"))
        run.apply(.entityProgress(index: 0, entity: "Post", done: 200_000, total: 200_000), at: 0.8)
        run.apply(.entityProgress(index: 0, entity: "Tag", done: 8_000, total: 200_000), at: 0.9)
        run.apply(.stepRows(index: 0, rows: 999), at: 0.9)
        #expect(run.steps[0].total == 400_000)
        #expect(Self.screen(run, now: 0.9).contains("208,000/400,000 rows"))
    }

    /// Issue 35, item 8: time spent paused behind the abort question counts neither in the elapsed time nor in
    /// the rate and ETA; while paused the elapsed time stands still and says so.
    @Test func pausedTimeIsLeftOutOfElapsedRateAndEta() throws {
        var run = Self.started()
        run.apply(.stepRows(index: 0, rows: 100_000), at: 0.1)
        for tick in 0...20 {
            run.apply(
                .entityProgress(index: 0, entity: "Post", done: tick * 1_000, total: 100_000), at: 0.2 + Double(tick) * 0.1)
        }
        let before = try #require(run.steps[0].rate.rate(at: run.time(at: 2.2)))
        run.pause(at: 2.2)
        #expect(run.elapsed(at: 62.2) == run.elapsed(at: 2.2), "the elapsed time stands still while paused")
        #expect(Self.screen(run, now: 62.2).contains("(paused)"))
        run.resume(at: 62.2)
        #expect(abs(run.elapsed(at: 63.2) - 3.2) < 1e-9, "a minute paused is no minute run: \(run.elapsed(at: 63.2))")
        #expect(!Self.screen(run, now: 63.2).contains("(paused)"))
        run.apply(.entityProgress(index: 0, entity: "Post", done: 21_000, total: 100_000), at: 62.3)
        let after = try #require(run.steps[0].rate.rate(at: run.time(at: 62.3)))
        #expect(abs(after - before) / before < 0.1, "the rate keeps its pace across the pause: \(before) → \(after)")
        let eta = try #require(run.steps[0].eta(at: run.time(at: 62.3)))
        #expect(eta < 20, "79,000 rows left at 10,000 a second, not a pace dragged down by the pause: \(eta)")
    }

    @Test func theEtaIsSmoothedAndWithheldUntilThereIsEnoughData() throws {
        var run = Self.started()
        run.apply(.stepRows(index: 0, rows: 100_000), at: 0.1)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 1_000, total: 100_000), at: 0.2)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 5_000, total: 100_000), at: 0.6)
        #expect(run.steps[0].eta(at: 0.6) == nil, "not before a second of rows")
        #expect(!Self.screen(run, now: 0.6).contains("ETA"))
        // A steady 10,000 rows a second, then one batch that lands in a burst.
        for tick in 1...30 {
            let time = 0.6 + Double(tick) * 0.1
            run.apply(.entityProgress(index: 0, entity: "Post", done: 5_000 + tick * 1_000, total: 100_000), at: time)
        }
        let eta = try #require(run.steps[0].eta(at: 3.6))
        #expect(abs(eta - 6.5) < 0.5, "65,000 rows left at 10,000 a second: \(eta)")
        run.apply(.entityProgress(index: 0, entity: "Post", done: 50_000, total: 100_000), at: 3.9)
        let after = try #require(run.steps[0].eta(at: 3.9))
        #expect(after > 2.5, "one fast batch does not collapse the estimate to a second: \(after)")
        #expect(Self.screen(run, now: 3.9).contains("ETA "))
    }

    @Test func noStepEtaWhileEntitiesOfUnknownPaceAreToCome() throws {
        var run = Self.started()
        run.apply(.stepRows(index: 0, rows: 400_000), at: 0.1)
        // A fast bulk copy of 200,000 rows; 200,000 more rows of another mapping follow, at a pace unknown yet.
        for tick in 0...10 {
            run.apply(
                .entityProgress(index: 0, entity: "Bulk", done: tick * 10_000, total: 200_000), at: 0.2 + Double(tick) * 0.1)
        }
        #expect(run.steps[0].eta(at: 1.2) == nil, "the step's ETA would count the slow mapping at the bulk pace")
        let left = try #require(run.steps[0].entityEta(at: 1.2))
        #expect(abs(left - 1.0) < 0.2, "100,000 rows of Bulk left at 100,000 a second: \(left)")
        let screen = Self.screen(run, now: 1.2)
        #expect(!screen.contains("ETA"))
        #expect(screen.contains("about 1.0 s left for Bulk; the step's other rows follow"))
        // The last mapping: its rows are the step's last, so the step's ETA is its own, at its own pace.
        for tick in 0...20 {
            let done = tick * 1_000
            run.apply(.entityProgress(index: 0, entity: "Slow", done: done, total: 200_000), at: 2.0 + Double(tick) * 0.1)
        }
        let eta = try #require(run.steps[0].eta(at: 4.0))
        #expect(abs(eta - 18.0) < 2.0, "180,000 rows at 10,000 a second, not at the bulk pace: \(eta)")
    }

    @Test func validationIsShownInsteadOfSittingAtAHundredPercent() {
        var run = Self.started()
        run.apply(.stepRows(index: 0, rows: 1_000), at: 0.1)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 1_000, total: 1_000), at: 2.0)
        #expect(run.steps[0].phase == .finishing)
        #expect(Self.screen(run, now: 2.2).contains("completing…"))
        run.apply(.stageStarted(.validation(step: 0)), at: 2.5)
        let screen = Self.screen(run, now: 3.0)
        #expect(screen.contains("validating… 0.5 s"))
        #expect(screen.contains("Current: step 1 of 2 · validating the result"))
        #expect(!screen.contains("ETA"))
    }

    @Test func currentIsNeverStaleBetweenStepsAndStages() {
        var run = Self.started()
        #expect(run.activityText == "step 1 of 2 · reading the source")
        run.apply(.stepRows(index: 0, rows: 10), at: 0.1)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 5, total: 10), at: 0.2)
        #expect(run.activityText == "step 1 of 2 · copying Post (5 of 10)")
        run.apply(.entityProgress(index: 0, entity: "Post", done: 10, total: 10), at: 0.3)
        run.apply(.stageStarted(.validation(step: 0)), at: 0.3)
        run.apply(.stepValidated(index: 0, seconds: 0.3), at: 0.4)
        run.apply(.stepStarted(index: 1, step: SampleState.plan.steps[1].summary), at: 0.4)
        #expect(run.activityText == "step 2 of 2 · reading the source", "not Post of step 1")
        run.apply(.stageStarted(.backup), at: 1)
        #expect(Self.screen(run, now: 1).contains("Current: backing up the original store"))
        run.apply(.stageStarted(.swap), at: 1.5)
        #expect(run.activityText == "putting the migrated store in place")
        run.apply(.committed(backup: "/b", dryRun: false), at: 1.6)
        #expect(run.activityText == nil)
        #expect(run.backup.finishedAt == 1.5)
        #expect(run.swap.finishedAt == 1.6)
    }

    @Test func theRunIsDrawnOnTheChainWithEachStageOnItsVersion() {
        var run = Self.started()
        run.apply(.stepRows(index: 0, rows: 200_000), at: 0.1)
        run.apply(.entityProgress(index: 0, entity: "Post", done: 200_000, total: 200_000), at: 1.0)
        run.apply(.stepValidated(index: 0, seconds: 0.9), at: 1.1)
        run.apply(.stepStarted(index: 1, step: SampleState.plan.steps[1].summary), at: 1.1)
        let lines = RunView.lines(run, now: 1.2, width: 78).map(\.plainText)
        #expect(lines[0] == "● v1  snapshot ✓ 0.1 s")
        #expect(lines[1].hasPrefix("║ 1. mapping  ✓ 1.0 s"))
        #expect(lines[2].hasPrefix("║ ████"))
        #expect(lines[2].hasSuffix("200,000/200,000 rows"))
        #expect(lines[3] == "● v2")
        #expect(lines[4] == "│ 2. inferred  ⚠ LOSES DATA")
        #expect(lines[6] == "◉ v3  backup waiting  swap waiting")
        let rail = RunView.lines(run, now: 1.2, width: 78)[4].spans.first
        #expect(rail?.style == .danger, "the lossy step's rail is drawn in the danger style")
    }

    @Test func theResultListsEveryStagesTime() {
        var run = Self.started()
        run.apply(.stepValidated(index: 0, seconds: 0.5), at: 0.6)
        run.apply(.stepStarted(index: 1, step: SampleState.plan.steps[1].summary), at: 0.6)
        run.apply(.stepValidated(index: 1, seconds: 0.4), at: 1.0)
        run.apply(.stageStarted(.backup), at: 1.0)
        run.apply(.stageStarted(.swap), at: 1.3)
        run.apply(.committed(backup: "/b", dryRun: false), at: 1.4)
        let lines = ResultView.lines(run).map(\.plainText)
        #expect(lines.contains(" snapshot  0.1 s"))
        #expect(lines.contains(" backup  0.3 s"))
        #expect(lines.contains(" swap  0.1 s"))
    }
}
