import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 33, item 4 (the console's part): versions Core Data cannot tell apart are marked in the Versions pane
/// and explained in the details view, as `plan` and `inspect` warn about them.
@Suite struct IdenticalVersionsViewTests {
    @Test func versionsWithIdenticalHashesAreMarkedAndExplained() throws {
        let model = try IdenticalVersionsModel.write()
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: "V1"))).create(at: store)
        let loaded = try EngineDataSource(modelPath: model).loadStore(at: store, checksIntegrity: false)
        #expect(loaded.identicalVersions == [["V1", "V2"]])
        var state = SampleState.main
        _ = state.show(loaded)
        let versions = VersionsPane.lines(state).map(\.plainText)
        #expect(versions.filter { $0.hasSuffix(" =") }.count == 2, "\(versions)")
        #expect(versions.contains { $0.contains("V3") && !$0.hasSuffix(" =") })
        let screen = ConsoleRenderer().render(state).text
        #expect(screen.contains("=same hashes, see d"), "\(screen)")
        let details = DetailsView.lines(state, width: 200).map(\.plainText)
        let heading = try #require(details.firstIndex(of: "Versions Core Data cannot tell apart"))
        #expect(details[heading + 1].hasPrefix("  V1, V2: identical entity hashes"))
    }

    @Test func aModelWithAVersionHashModifierIsNotMarked() throws {
        let model = try IdenticalVersionsModel.write(modifier: true)
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        _ = try StoreWriter(model: try #require(try ModelLoader.load(path: model).version(named: "V1"))).create(at: store)
        var state = SampleState.main
        _ = state.show(try EngineDataSource(modelPath: model).loadStore(at: store, checksIntegrity: false))
        #expect(!VersionsPane.lines(state).map(\.plainText).contains { $0.hasSuffix(" =") })
        #expect(!DetailsView.lines(state, width: 200).map(\.plainText).contains("Versions Core Data cannot tell apart"))
    }
}
