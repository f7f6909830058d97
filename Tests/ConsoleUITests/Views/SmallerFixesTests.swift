import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, items 9 and 12: after a migration, failed dry runs, tiny terminals, dumb terminals, odd dates.
@Suite struct SmallerFixesTests {
    let renderer = ConsoleRenderer()

    @Test func afterAMigrationTheCursorAndTheHeaderFollowTheStore() {
        var state = SampleState.main
        state.cursor[.versions] = 0
        var report = SampleState.report
        report.compatibleVersion = "v3"
        report.nearestVersion = "v3"
        let loaded = LoadedStore(
            overview: SampleState.overview, versions: SampleState.versions, compatibility: report,
            modelName: "Posts.xcdatamodeld", defaultTarget: "v3")
        #expect(state.show(loaded) == "v3")
        #expect(state.selectedVersion?.name == "v3")
        #expect(renderer.render(state).lines[0].contains("at v3 → v3"))
        state.cursor[.versions] = 1
        _ = state.show(loaded)
        #expect(state.cursor[.versions] == 1, "reading the same version again leaves the cursor where the user put it")
    }

    @Test func aFailedDryRunSaysDryRun() {
        var run = RunAndBrowserViewTests.runHalfway()
        run.dryRun = true
        run.apply(.failed(MigrationError(category: .migrationFailed, message: "validation failed")), at: 3)
        #expect(ResultView.lines(run)[0].plainText == "✗ Dry run failed")
        run.abortRequested = true
        #expect(ResultView.lines(run)[0].plainText == "✗ Migration aborted")
    }

    @Test func aTinyTerminalShowsTheWholeNotice() {
        var state = SampleState.main
        state.size = TerminalSize(width: 40, height: 12)
        let text = renderer.render(state).lines.joined(separator: " ")
        #expect(text.contains("Terminal 40×12: cdmigrate needs at least 80×24. q quits."))
    }

    @Test func aDumbTerminalIsAUsageProblemWithOneClearLine() {
        let dumb = TerminalRequirement.problem(inputIsTerminal: true, outputIsTerminal: true, environment: ["TERM": "dumb"])
        #expect(dumb?.contains("TERM=dumb cannot move the cursor") == true)
        #expect(TerminalRequirement.problem(inputIsTerminal: true, outputIsTerminal: true, environment: [:]) != nil)
        #expect(TerminalRequirement.problem(inputIsTerminal: true, outputIsTerminal: true, environment: ["TERM": "xterm"]) == nil)
        #expect(
            TerminalRequirement.problem(inputIsTerminal: false, outputIsTerminal: true, environment: ["TERM": "xterm"])?
                .contains("needs a terminal") == true)
    }

    @Test func outOfRangeDatesShowTheStoredSeconds() {
        #expect(
            BrowserValue.date(Date(timeIntervalSinceReferenceDate: 1e15)).display
                == "1000000000000000.0 s since 2001 (out of range)")
        #expect(
            BrowserValue.date(Date(timeIntervalSinceReferenceDate: -1e13)).display
                == "-10000000000000.0 s since 2001 (out of range)")
        #expect(BrowserValue.date(Date(timeIntervalSinceReferenceDate: 0)).display == "2001-01-01 00:00:00")
    }
}
