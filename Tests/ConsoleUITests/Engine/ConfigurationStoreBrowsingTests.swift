import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// The console on a store holding one configuration of a multi-configuration model (``ConfigurationsFixture``,
/// a `Synced` store of three `Setting` objects): it shows and browses that configuration's entities, read by
/// the configuration's own numbering, and not the other configuration's `Note`, which has no table here.
@Suite struct ConfigurationStoreBrowsingTests {
    @Test func theOverviewListsTheConfigurationsEntitiesAtTheirVersion() throws {
        let store = try ConfigurationsFixture.syncedStore()
        let loaded = try EngineDataSource(modelPath: ConfigurationsFixture.modelPath).loadStore(at: store)
        #expect(loaded.overview.entities.map(\.name) == ["Setting"])
        #expect(loaded.overview.entities.map(\.rows) == [3])
        #expect(loaded.compatibility?.compatibleVersion == "v1")
        #expect(loaded.defaultTarget == "v2")
    }

    @Test func theBrowserPagesTheSettingsOnScreen() throws {
        let store = try ConfigurationsFixture.syncedStore()
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: ConfigurationsFixture.modelPath), planner: nil, storePath: nil,
            pickerRoot: "/nonexistent")
        app.state.size = TerminalSize(width: 120, height: 30)
        app.settle([.openStore(store)])
        let index = try #require(app.state.overview?.entities.firstIndex { $0.name == "Setting" })
        app.state.focus = .entities
        app.state.cursor[.entities] = index
        app.settle(ConsoleController().handle(.enter, state: &app.state))
        let page = try #require(app.state.browser?.page)
        #expect(page.totalRows == 3)
        #expect(page.rows.map { $0.first } == [.integer(1), .integer(2), .integer(3)])
        let screen = ConsoleRenderer().render(app.state).text
        for key in 1...3 { #expect(screen.contains("setting \(key)"), "\(screen)") }
        #expect(!screen.contains("Note"), "\(screen)")
    }
}
