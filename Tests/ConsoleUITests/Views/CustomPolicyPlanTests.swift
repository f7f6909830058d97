import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// The console's plan view on a step whose Xcode mapping model names a custom policy class: the reason the
/// engine gives (step, class, what the mapping model states, the scaffold command) is shown in full.
@Suite struct CustomPolicyPlanTests {
    @Test func thePlanPaneSaysWhichClassAndHowToProceed() throws {
        let fixture = try CustomPolicyFixture.make(entries: 10)
        var settings = PlanningSettings()
        settings.mappingDirectories = [fixture.mappings.path]
        let planner = ProjectPlanner(project: try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings))
        let error = #expect(throws: PlanningError.self) { try planner.plan(storePath: fixture.store, target: "Journal 4") }
        var state = SampleState.main
        state.plan = nil
        state.planError = RemedyWords.line(try #require(error))
        let pane = PlanPane.lines(state, width: 200).map(\.plainText).joined(separator: " ")
        #expect(pane.contains("names the custom policy class EntryToEntry: \(CustomPolicyFixture.policyClass)"))
        #expect(pane.contains("The mapping model states: Author (add Author): makes no objects by itself"))
        #expect(pane.contains("from it as a mapping file"))
        #expect(pane.contains("write that one with the command line's scaffold-mapping, complete it"))
    }
}
