import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Salvage of a store that holds one configuration of a multi-configuration model (the project's
/// `Tests/Fixtures/Configurations`, a `Synced` store of three `Setting` objects): the new store is that
/// configuration's store, as the old one was — `Setting` alone, numbered among the configuration's entities —
/// and not a store of the whole model with an empty `Note` table beside it.
@Suite("Salvage of a store holding one configuration")
struct ConfigurationSalvageTests {
    /// Salvages `store` into a new file; checks the new store is the `Synced` configuration's, with every
    /// setting, and verifies at v1.
    private func salvageKeepsConfiguration(_ store: String, evidence: SalvageReport.Evidence) throws {
        let project = try MigrationProject(modelPath: ConfigurationsFixture.modelPath, settings: PlanningSettings())
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let report = try project.salvage(store: store, to: output)
        #expect(report.version == "v1")
        #expect(report.evidence == evidence)
        #expect(report.entities.map(\.entity) == ["Setting"], "Local's Note is no part of this store")
        #expect(report.recovered == 3)
        #expect(try project.verify(store: output).version == "v1")
        let dump = try StoreDump(output)
        #expect(try dump.primaryKeys() == ["1|Setting|0|3"], "numbered among the configuration's entities")
        #expect(try dump.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZNOTE'") == 0)
        #expect(
            try dump.strings("SELECT Z_PK, Z_ENT, ZKEY FROM ZSETTING ORDER BY Z_PK")
                == (1...3).map { ["int64(\($0))", "int64(1)", "string(\"setting \($0)\")"] })
        let page = try project.rows(store: output, entity: "Setting")
        #expect(page.objects.map(\.primaryKey) == [1, 2, 3])
    }

    @Test("An intact Synced store: identified by its metadata, salvaged as the same configuration's store")
    func intact() throws {
        let store = try ConfigurationsFixture.syncedStore()
        try salvageKeepsConfiguration(store, evidence: .metadata)
    }

    @Test("Z_METADATA lost: the version is found by the model cache and the configuration still kept")
    func metadataLost() throws {
        let store = try ConfigurationsFixture.syncedStore()
        try StoreDump.execute(store, "DELETE FROM Z_METADATA")
        try salvageKeepsConfiguration(store, evidence: .modelCache)
    }

    /// How the renamed configuration's store is damaged: its metadata deleted (the schema read, the version
    /// found by the model cache), or its schema page lost (the rows read off the pages, ``LostSchemaRebuild``).
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case metadataLost, schemaLost
        var testDescription: String { rawValue }
    }

    /// Found beside the generated run's (issue 30): Core Data keeps a renamed entity's old name in
    /// `Z_PRIMARYKEY`, so the names of the `Main` store of `Renaming 2` (`Shelf`, `Item`) are no configuration's;
    /// salvage went by names alone and took it for a store of the whole model (the other configuration's
    /// `Aside` table beside it, `Item`'s rows under the whole model's numbers). It tells the configuration by
    /// the rows' numbers too, as migration does (`ObjectModel.configuration(holdingEntries:)`).
    @Test(
        "A configuration's store whose renamed entity keeps its old name is salvaged as that configuration's store",
        arguments: Damage.allCases)
    func renamedEntity(damage: Damage) throws {
        let model = ConfigurationStoreTests.renamingModel
        let seeded = try TemporaryDirectory.make().appendingPathComponent("Main.sqlite").path
        let main = try #require(model(1).configurations.last)
        try StoreSeeder(model: model(1), objects: 3, seed: 5, configuration: main).write(to: seeded)
        let store = try StepRunner.run(InferredStep(sourceModel: model(1), destinationModel: model(2)), sourcePath: seeded)
        #expect(try StoreDump(store).primaryKeys(includeMax: false) == ["1|Shelf|0", "2|Item|0"])
        let titles = try StoreDump(store).strings("SELECT Z_PK, ZTITLE FROM ZTHING ORDER BY Z_PK")
        switch damage {
        case .metadataLost: try StoreDump.execute(store, "DELETE FROM Z_METADATA")
        case .schemaLost: try LostSchemaSalvageTests.loseSchema(store)
        }
        let project = try MigrationProject(
            bundle: ModelBundle(path: "Renaming.xcdatamodeld", versions: (1...3).map(model), currentVersionName: "Renaming 3"))
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let report = try project.salvage(store: store, to: output)
        #expect(report.version == "Renaming 2")
        #expect(Set(report.entities.map(\.entity)) == ["Thing", "Shelf"], "Side's Aside is no part of this store")
        #expect(report.recovered == 6)
        #expect(try project.verify(store: output).version == "Renaming 2")
        let dump = try StoreDump(output)
        #expect(try dump.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZASIDE'") == 0)
        #expect(try dump.strings("SELECT Z_PK, ZTITLE FROM ZTHING ORDER BY Z_PK") == titles)
        try StoreValidator(model: model(2)).validate(output, expectedCounts: ["Thing": 3, "Shelf": 3])
    }
}
