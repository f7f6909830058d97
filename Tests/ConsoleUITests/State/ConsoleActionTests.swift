import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 36, item 2: the results of the console's effects come back as actions to the pure reducer, which
/// alone writes them into the state; these run without an app, a thread or a store.
@Suite struct ConsoleActionTests {
    let controller = ConsoleController()

    /// The sample state, waiting for work off the UI thread.
    static func waiting() -> ConsoleState {
        var state = SampleState.main
        let effects = ConsoleController().start(
            [.exportEntity(entity: "Post", path: "/tmp/p.json")], state: &state, now: 7)
        #expect(effects == [.exportEntity(entity: "Post", path: "/tmp/p.json")])
        #expect(state.preparing == "Exporting Post to /tmp/p.json…" && state.preparingSince == 7)
        return state
    }

    @Test func aSecondExportDoesNotStartWhileOneRuns() {
        var state = Self.waiting()
        #expect(controller.start([.exportEntity(entity: "Tag", path: "/tmp/t.json")], state: &state, now: 8) == [])
        #expect(state.preparing == "Exporting Post to /tmp/p.json…")
    }

    @Test func anExportsResultIsWordedByTheReducer() {
        var state = Self.waiting()
        #expect(controller.reduce(.exported(entity: "Post", path: "/tmp/p.json", .success(1)), state: &state, now: 9) == [])
        #expect(state.preparing == nil && state.message == "exported 1 Post object to /tmp/p.json")
        state = Self.waiting()
        let stopped = ConsoleFailure(line: "export cancelled", category: .cancelled)
        _ = controller.reduce(.exported(entity: "Post", path: "/tmp/p.json", .failure(stopped)), state: &state, now: 9)
        #expect(state.message == "export stopped; /tmp/p.json is as it was")
    }

    @Test func aSalvageOrRestoreOpensTheStoreItWrote() {
        var state = SampleState.main
        let summary = SalvageSummary(store: "/tmp/old.sqlite", output: "/tmp/new.sqlite", entities: [], line: "Salvaged")
        let salvaged = controller.reduce(.salvaged(output: "/tmp/new.sqlite", .success(summary)), state: &state, now: 1)
        #expect(salvaged == [.openStore("/tmp/new.sqlite")] && state.message == "Salvaged")
        #expect(state.salvageReport == summary)
        state = SampleState.main
        let restored = controller.reduce(
            .restored(store: "/tmp/demo/Posts.sqlite", backup: "b1", failure: nil), state: &state, now: 1)
        #expect(restored == [.openStore("/tmp/demo/Posts.sqlite")])
        #expect(state.message == "restored Posts.sqlite from backup b1")
    }

    @Test func workThatFailedOpensNothingAndSaysWhy() {
        var state = SampleState.main
        state.preparing = "Writing the demo store…"
        let failure = ConsoleFailure(line: "/tmp/demo: no space left on device")
        #expect(controller.reduce(.prepared(failure: failure, then: [.scanStores]), state: &state, now: 1) == [])
        #expect(state.preparing == nil && state.message == failure.line)
        #expect(controller.reduce(.salvaged(output: "/tmp/n.sqlite", .failure(failure)), state: &state, now: 1) == [])
        #expect(state.message == failure.line)
    }
}
