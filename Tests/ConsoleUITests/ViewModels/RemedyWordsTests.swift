import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// The console shows an engine failure with what to do about it, in its own words (a key, a pane, a
/// dialog), never a command-line option.
@Suite struct RemedyWordsTests {
    /// A planner whose every plan fails with the engine's own error for a model that names no current
    /// version, carrying its remedy.
    struct NoCurrentVersionPlanner: ConsolePlanner {
        func plan(storePath: String, target: String) throws -> PlanInfo {
            throw PlanningError(
                .unknownVersion, message: "Journal.xcdatamodeld names no current version", remedy: .giveTargetVersion)
        }

        func countingLoss(storePath: String, target: String) throws -> PlanInfo {
            try plan(storePath: storePath, target: target)
        }

        func migrate(
            storePath: String, target: String, dryRun: Bool, report: @escaping @Sendable (MigrationEvent) -> Void,
            cancellation: CancellationFlag
        ) throws {}
    }

    @Test func aPlanFailureSaysWhatToDoInTheConsole() throws {
        let store = try SampleStoreFile.make(version: 1, entries: 3)
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: SampleStoreFile.modelPath), planner: NoCurrentVersionPlanner(),
            storePath: nil, pickerRoot: "/nonexistent")
        app.settle([.openStore(store)])
        let expected =
            "Journal.xcdatamodeld names no current version; choose the target: select a version in the Versions pane and press t"
        #expect(app.state.planError == expected)
        var state = app.state
        state.focus = .plan
        _ = ConsoleController().handle(.enter, state: &state)
        let screen = ConsoleRenderer().render(state).text
        #expect(screen.contains("Why there is no plan"))
        #expect(screen.contains("in the Versions pane and press t"))
    }

    @Test func aFailedRunSaysWhatToDoOnTheResultScreen() {
        var state = SampleState.main
        var run = RunProgress(dryRun: false, plan: SampleState.plan, startedAt: 0)
        let failure = MigrationError(
            category: .invalidInput, file: "/tmp/demo/Posts.sqlite", message: "/tmp/demo/Posts.sqlite: no model to read it by",
            remedy: .giveModel)
        run.apply(.failed(failure), at: 1)
        state.run = run
        state.screen = .result
        state.size = TerminalSize(width: 160, height: 30)
        let screen = ConsoleRenderer().render(state).text
        #expect(screen.contains("no model to read it by; start the console again with the app's model"))
        #expect(!screen.contains("--model"))
    }

    @Test(arguments: Remedy.allCases)
    func everyRemedyIsWordedWithoutAnOption(_ remedy: Remedy) {
        let words = RemedyWords.text(remedy)
        #expect(!words.isEmpty)
        #expect(!words.contains("--"), "the console offers keys and dialogs, not the command line's options: \(words)")
        #expect(RemedyWords.line("failed", remedy: remedy) == "failed; \(words)")
        #expect(RemedyWords.line("failed", remedy: nil) == "failed")
    }
}
