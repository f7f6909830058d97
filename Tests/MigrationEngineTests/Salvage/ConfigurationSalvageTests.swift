import Foundation
import MigrationEngine
import TestSupport
import Testing

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
}
