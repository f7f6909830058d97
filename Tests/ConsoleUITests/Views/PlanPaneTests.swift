import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 9: the Plan pane's loss warnings count this store's data, as `cdmigrate plan` counts them
/// (``MigrationProject/countingDataLoss(in:)``). The plan is shown as soon as it is made, saying the count is
/// under way; the count reads the store off the UI thread (held here until the test runs it) and fills in.
@Suite struct PlanPaneTests {
    @Test func lossWarningsCountThisStoresDataAfterThePlanIsShown() throws {
        // Journal 3 to 4 inferred, without the mapping beside the model: the step drops the authors' names.
        let (store, _) = try LocatedMappingsTests.layout()
        let model = try #require(ModelLocator.locate(store: store).model)
        let planner = try #require(try ProjectPlanner.located(ModelLocation(model: model, origin: .given)))
        let project = planner.project
        let held = DeferredWork()
        let app = ConsoleApp(source: EngineDataSource(modelPath: model), planner: planner, storePath: store, pickerRoot: "/")
        app.workMode = .deferred(held)
        app.state.size = TerminalSize(width: 160, height: 60)
        // Journal 5 needs a policy this project does not register.
        app.state.target = "Journal 4"
        app.perform(app.pendingEffects)
        #expect(held.runAll() == 1, "the store's read and its plan")
        app.receiveAll()
        let plan = try #require(app.state.plan)
        let target = plan.target
        #expect(plan.steps.contains { $0.isLossy })
        #expect(plan.lossCount == .counting)
        let first = ConsoleRenderer().render(app.state).text
        #expect(first.contains("counting what this store loses…"), "\(first)")

        // What `cdmigrate plan` says this store loses.
        let counted = try project.countingDataLoss(in: project.plan(store: store, target: target))
        let lossWarnings = counted.plan.steps.flatMap(\.warnings).filter { $0.hasPrefix("drops ") && $0.hasSuffix(")") }
        #expect(!lossWarnings.isEmpty, "the count names how many values: \(counted.plan.steps.flatMap(\.warnings))")
        for warning in lossWarnings {
            #expect(!first.contains(warning), "not counted before the count ran: \(warning)")
        }

        #expect(held.runAll() == 1, "the count ran on a thread of its own, after the first frame")
        app.receiveAll()
        #expect(app.state.plan?.lossCount == .counted)
        let filled = ConsoleRenderer().render(app.state).text
        for warning in lossWarnings {
            #expect(filled.contains(warning), "\(warning) in \(filled)")
        }
        #expect(!filled.contains("counting what this store loses"))
    }

    @Test func aCountForAnotherTargetIsDroppedAndAFailedOneIsSaid() throws {
        var state = SampleState.main
        state.size = TerminalSize(width: 160, height: 60)
        state.plan?.lossCount = .counting
        let path = SampleState.overview.path
        let controller = ConsoleController()
        var late = try #require(state.plan)
        late.target = "v2"
        late.lossCount = .counted
        _ = controller.reduce(.lossCounted(path: path, target: "v2", .success(late)), state: &state, now: 0)
        #expect(state.plan?.lossCount == .counting, "a count for a target no longer on screen is dropped")
        _ = controller.reduce(
            .lossCounted(path: path, target: "v3", .failure(ConsoleFailure(line: "locked"))), state: &state, now: 0)
        #expect(state.plan?.lossCount == .failed("locked"))
        let screen = ConsoleRenderer().render(state).text
        #expect(screen.contains("could not count what this store loses: locked"), "\(screen)")
    }
}
