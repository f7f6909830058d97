import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 11: the console used to ignore a `mappings/` folder beside the model and offer a lossy inferred
/// plan. Wired as `cdmigrate console STORE` wires it (the located model, its found mappings), the plan on
/// screen is the mapped one.
@Suite struct LocatedMappingsTests {
    /// The sample app as the corpus lays a case out: model and `mappings/` in a folder, a Journal 3 store in
    /// `stores/`, no project file naming the mappings.
    static func layout() throws -> (store: String, folder: URL) {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder)
        let stores = folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        return (try JournalFixture.store(version: 3, entries: 20, in: stores), folder)
    }

    /// The main screen with `planner`'s plan from the store to Journal 4.
    static func screen(store: String, location: ModelLocation, planner: ProjectPlanner) throws -> (ConsoleState, String) {
        var state = ConsoleState(screen: .main)
        state.size = TerminalSize(width: 140, height: 40)
        state.message = "using " + location.summary
        _ = state.show(try EngineDataSource(modelPath: location.model).loadStore(at: store))
        state.target = "Journal 4"
        state.plan = try planner.plan(storePath: store, target: "Journal 4")
        return (state, ConsoleRenderer().render(state).text)
    }

    @Test func mappingsBesideTheModelGiveTheMappedPlan() throws {
        let (store, folder) = try Self.layout()
        let location = ModelLocator.locate(store: store)
        #expect(location.origin == .found)
        #expect(location.mappings == [folder.appendingPathComponent("mappings").path])
        let planner = try #require(try ProjectPlanner.located(location))
        let (state, screen) = try Self.screen(store: store, location: location, planner: planner)
        #expect(state.plan?.steps.map(\.summary.kind) == [.explicit], "one mapped step, from the found folder")
        #expect(state.plan?.steps.contains(where: \.isLossy) == false)
        #expect(screen.contains("mapping"), "\(screen)")
        #expect(state.messages.last?.contains("found beside the store") == true)

        // The same model without the folder: the inferred step that loses the author names.
        let bare = try #require(try ProjectPlanner.located(ModelLocation(model: location.model, origin: .given)))
        let (lossy, _) = try Self.screen(store: store, location: location, planner: bare)
        #expect(lossy.plan?.steps.contains(where: \.isLossy) == true)
    }

    @Test func mappingsNamedByTheUserAreAddedOnce() throws {
        let (store, folder) = try Self.layout()
        let location = ModelLocator.locate(store: store)
        let planner = try #require(
            try ProjectPlanner.located(location, mappingDirectories: [folder.appendingPathComponent("mappings").path]))
        #expect(planner.project.settings.mappingDirectories == [folder.appendingPathComponent("mappings").path])
        #expect(try planner.plan(storePath: store, target: "Journal 4").steps.count == 1)
    }
}
