import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 13, item 1: reasons are never cut to one line.
@Suite struct DetailsViewTests {
    let renderer = ConsoleRenderer()
    let controller = ConsoleController()

    static let longReason =
        "no route from \"CoreDataMigration_Example\" to \"CoreDataMigration_Example 3\": "
        + "the mapping CoreDataMigration_Example 2 to 3 fails at Mappings/V2to3.yaml:14 where Z_PK expected "
        + "integer but the expression gives text; CAUSE-AT-THE-END"

    @Test func aPlanProblemIsWrappedInThePlanPaneAndOpensInFull() {
        var state = SampleState.main
        state.plan = nil
        state.planError = Self.longReason
        let pane = PlanPane.lines(state, width: 48).map(\.plainText)
        #expect(pane.joined(separator: " ").contains("CAUSE-AT-THE-END"), "the end of the reason is in the pane")
        state.focus = .plan
        #expect(controller.handle(.enter, state: &state) == [], "Enter on a Plan pane without a plan explains instead")
        #expect(state.keyContext == .details)
        let screen = renderer.render(state).text
        #expect(screen.contains("Details — Esc or d closes"))
        #expect(screen.contains("Why there is no plan"))
        #expect(screen.contains("CAUSE-AT-THE-END"))
        #expect(screen.contains("Mappings/V2to3.yaml:14"))
        _ = controller.handle(.character("d"), state: &state)
        #expect(state.keyContext == .panes)
    }

    @Test func aCutMessageSaysWhereToReadIt() {
        var state = SampleState.main
        state.message = Self.longReason
        let lines = renderer.render(state).lines
        let status = lines[lines.count - 2]
        #expect(status.hasSuffix("… [d]"), "\(status)")
        #expect(lines[0].hasSuffix("at v1 → v3"), "issue 35, item 9: a message never pushes the versions out: \(lines[0])")
        state.message = "already at v3"
        let shorter = renderer.render(state).lines
        #expect(shorter[shorter.count - 2] == " already at v3")
    }

    @Test func titleBarMessagesAreKeptInFullAndScroll() {
        var state = SampleState.main
        for index in 0..<40 { state.message = "message \(index): " + Self.longReason }
        state.message = nil
        _ = controller.handle(.character("d"), state: &state)
        let first = renderer.render(state).lines
        #expect(first.contains { $0.contains("message 39:") }, "the newest message comes first")
        #expect(first.contains { $0.contains("Plan warnings") })
        #expect(first.contains { $0.contains("step 2, v2 → v3: Post.note is dropped: its values are lost") })
        _ = controller.handle(.character(" "), state: &state)
        let visible = state.layout.body.height - 2
        #expect(state.detailsScroll == visible - 1, "Space pages, keeping one line of context")
        _ = controller.handle(.character("G"), state: &state)
        let last = renderer.render(state).lines
        #expect(last.contains { $0.contains("CAUSE-AT-THE-END") })
        #expect(last.contains { $0.contains("message 0:") }, "G reaches the oldest message")
        _ = controller.handle(.home, state: &state)
        #expect(state.detailsScroll == 0)
        _ = controller.handle(.escape, state: &state)
        #expect(!state.showDetails)
    }

    @Test func howTheStoreDiffersFromTheSelectedVersionIsListed() {
        var state = SampleState.main
        state.cursor[.versions] = 2
        state.compatibility?.versions[2].entities[1].differences = [
            PropertyDifference(property: "hexColor", kind: "attribute", change: .missing, details: ["type: String → Integer 32"])
        ]
        let lines = DetailsView.lines(state, width: 76).map(\.plainText)
        #expect(lines.contains("The store against v3"))
        #expect(lines.contains("  Color missing"))
        #expect(lines.contains("  Post: missing attribute hexColor: type: String → Integer 32"))
    }

    @Test func aFailedRunShowsItsWholeReason() {
        var state = SampleState.main
        state.screen = .result
        var run = RunAndBrowserViewTests.runHalfway()
        run.apply(.failed(MigrationError(category: .migrationFailed, message: Self.longReason)), at: 3)
        state.run = run
        let screen = renderer.render(state).text
        #expect(screen.contains("CAUSE-AT-THE-END"))
        #expect(screen.contains("Mappings/V2to3.yaml:14"))
    }

    @Test func theTitleBarElidesVisiblyAndKeepsTheVersions() {
        var state = SampleState.main
        state.modelName = "CoreDataMigration_Example.xcdatamodeld"
        state.compatibility = nil
        state.overview?.path = "/tmp/" + String(repeating: "VeryLongStoreName", count: 3) + ".sqlite"
        state.target = "CoreDataMigration_Example 3"
        let title = renderer.render(state).lines[0]
        #expect(title.contains("VeryLongStor…"), "the store's name is cut with a visible ellipsis: \(title)")
        #expect(title.hasSuffix(" │ target CoreDataMigration_Example 3"), "issue 35, item 9: the versions stay: \(title)")
        state.overview?.path = "/tmp/Posts.sqlite"
        state.compatibility = SampleState.report
        let shorter = renderer.render(state).lines[0]
        #expect(
            shorter == " cdmigrate │ Posts.sqlite │ at v1 → CoreDataMigration_Example 3",
            "the model's name gives way before the versions")
    }
}
