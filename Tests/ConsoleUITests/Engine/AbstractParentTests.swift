import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 35, item 2: an abstract (or any) parent entity counts and pages its sub-entities' rows, as Core
/// Data fetches it; each row says its own entity, and Enter opens it as that entity.
@Suite struct AbstractParentTests {
    let controller = ConsoleController()

    /// The console on the engine-written fleet store, with the browser open on `Vehicle`.
    static func browsingVehicles() throws -> ConsoleApp {
        let store = try InheritanceFixture.store()
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: nil), planner: nil, storePath: nil, pickerRoot: "/nonexistent")
        app.state.size = TerminalSize(width: 120, height: 30)
        app.settle([.openStore(store)])
        let index = try #require(app.state.overview?.entities.firstIndex { $0.name == "Vehicle" })
        app.state.focus = .entities
        app.state.cursor[.entities] = index
        app.settle(ConsoleController().handle(.enter, state: &app.state))
        return app
    }

    @Test func theEntitiesPaneCountsAParentsRowsWithItsSubentitiesOnce() throws {
        let app = try Self.browsingVehicles()
        let entities = try #require(app.state.overview?.entities)
        #expect(entities.first { $0.name == "Vehicle" }.map { [$0.rows, $0.ownRows] } == [8, 0])
        #expect(entities.first { $0.name == "Car" }?.rows == 3)
        #expect(app.state.overview?.totalRows == 12, "3 cars, 5 trucks and 4 people, each once")
        #expect(EntitiesPane.frame(app.state, width: 30).title == "Entities · 12")
        let lines = EntitiesPane.lines(app.state, width: 27).map(\.plainText)
        #expect(lines.contains("Vehicle" + String(repeating: " ", count: 18) + "8"), "\(lines)")
    }

    @Test func aParentsPageShowsEachRowsEntityAndEnterOpensItAsThatEntity() throws {
        let app = try Self.browsingVehicles()
        let page = try #require(app.state.browser?.page)
        #expect(page.totalRows == 8)
        #expect(Array(page.columns.prefix(2)) == ["pk", "entity"])
        #expect(page.rows.map { $0[1] } == Array(repeating: .text("Car"), count: 3) + Array(repeating: .text("Truck"), count: 5))
        let screen = ConsoleRenderer().render(app.state).text
        #expect(screen.contains("Truck") && screen.contains("P8"))
        app.state.browser?.selectedRow = 4
        let effects = controller.handle(.enter, state: &app.state)
        #expect(effects == [.openRecord(entity: "Truck", key: 5)])
        app.settle(effects)
        let record = try #require(app.state.browser?.records.last)
        #expect(record.entity == "Truck")
        #expect(record.columns.contains("load"), "the Truck's own attribute: \(record.columns)")
        #expect(!record.columns.contains("seats"), "not the Car's")
    }

    @Test(Corpus.required)
    func moodysGeographicRegionShowsItsContinentsAndCountries() throws {
        let store = try Corpus.copyStore("moody/stores/Moody.moody")
        let source = EngineDataSource(modelPath: Corpus.path("moody/Moody.xcdatamodeld"))
        let loaded = try source.loadStore(at: store)
        let regions = try #require(loaded.overview.entities.first { $0.name == "GeographicRegion" })
        let continents = try #require(loaded.overview.entities.first { $0.name == "Continent" }).rows
        let countries = try #require(loaded.overview.entities.first { $0.name == "Country" }).rows
        #expect(regions.ownRows == 0)
        #expect(regions.rows == continents + countries)
        #expect(regions.rows == 5)
        let page = try source.rows(storePath: store, entity: "GeographicRegion", offset: 0, limit: 10, query: .all)
        #expect(page.rows.count == 5 && page.totalRows == 5)
        #expect(Set(page.rowEntities) == ["Continent", "Country"])
        #expect(page.columns.prefix(2) == ["pk", "entity"])
    }
}
