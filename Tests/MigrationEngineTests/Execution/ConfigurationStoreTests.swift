import Foundation
import MigrationEngine
import TestSupport
import Testing

/// The project's own two-configuration model and its `Synced` stores (``ConfigurationsFixture``).
@Suite("A store holding one configuration of a multi-configuration model")
struct ConfigurationStoreTests {
    @Test("It is identified at its version and verifies; Z_PRIMARYKEY numbers its one entity 1")
    func verifies() throws {
        let bundle = try ConfigurationsFixture.models()
        let model = try #require(bundle.version(named: "v1"))
        let store = try ConfigurationsFixture.syncedStore(model)
        let contents = try StoreReader.read(path: store)
        #expect(CompatibilityCheck.check(bundle, metadata: contents.metadata).compatibleVersion == model.name)
        #expect(contents.primaryKeys.map(\.name) == ["Setting"])
        try StoreValidator(model: model).validate(store, expectedCounts: ["Setting": 3])
        // Entities that make up no configuration are not a configuration's store.
        try StoreDump.execute(store, #"UPDATE Z_PRIMARYKEY SET Z_NAME = 'Other'"#)
        #expect(throws: ExecutionError.self) { try StoreValidator(model: model).validate(store) }
    }

    @Test("rows and export read its objects by its configuration: every Setting, numbered as the store numbers it")
    func readsObjects() throws {
        let store = try ConfigurationsFixture.syncedStore()
        let project = try MigrationProject(
            modelPath: ConfigurationsFixture.modelPath,
            settings: PlanningSettings())
        let page = try project.rows(store: store, entity: "Setting")
        #expect(page.objects.map(\.primaryKey) == [1, 2, 3])
        #expect(page.objects.allSatisfy { $0.entity == "Setting" })
        let folder = try TemporaryDirectory.make().path
        let counts = try project.export(store: store, format: .jsonl, to: .folder(folder))
        #expect(counts.map(\.entity) == ["Setting"], "Local's Note has no table in this store")
        #expect(counts.map(\.objects) == [3])
    }

    @Test("Hashes recorded for one configuration's entities alone match that configuration, and only it")
    func configurationHashes() throws {
        let model = try #require(try ConfigurationsFixture.models().version(named: "v1"))
        let hashes = VersionHasher(model: model).entityHashes
        #expect(CompatibilityCheck.compare(model, storeHashes: hashes.filter { $0.key == "Setting" }).isCompatible)
        #expect(model.matchesVersionHashes(hashes.filter { $0.key == "Note" }))
        #expect(!model.matchesVersionHashes([:]))
        var changed = hashes.filter { $0.key == "Setting" }
        changed["Setting"] = hashes["Note"]
        #expect(!CompatibilityCheck.compare(model, storeHashes: changed).isCompatible)
    }

    @Test("An inferred step migrates it within its configuration and keeps every object")
    func migrates() throws {
        let bundle = try ConfigurationsFixture.models()
        let source = try #require(bundle.version(named: "v1"))
        let destination = try #require(bundle.version(named: "v2"))
        let store = try ConfigurationsFixture.syncedStore(source)
        let plan = MigrationPlan(
            from: source.name, to: destination.name,
            steps: [
                StepCandidate(
                    from: source.name, to: destination.name, origin: .inferred,
                    factory: { InferredStep(sourceModel: source, destinationModel: destination) })
            ])
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: store, plan: plan)])
        try StoreValidator(model: destination).validate(store, expectedCounts: ["Setting": 3])
        let dump = try StoreDump(store)
        #expect(try dump.primaryKeys() == ["1|Setting|0|3"])
        #expect(
            try dump.strings("SELECT Z_PK, ZKEY, ZREVISION FROM ZSETTING ORDER BY Z_PK")
                == (1...3).map { ["int64(\($0))", "string(\"setting \($0)\")", "int64(0)"] })
        #expect(try dump.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZNOTE'") == 0)
        let recorded = try StoreReader.read(path: store).metadata.versionHashes
        #expect(recorded == VersionHasher(model: destination).entityHashes, "the whole model's hashes, as Core Data records them")
    }

    /// The fresh schema a step writes for a configuration's store is the one predicted for that configuration
    /// (its entities' tables, indexes and triggers, numbered among themselves), not the whole model's.
    @Test("The migrated store's schema is the one predicted for its configuration at the new version")
    func freshSchema() throws {
        let bundle = try ConfigurationsFixture.models()
        let source = try #require(bundle.version(named: "v1"))
        let destination = try #require(bundle.version(named: "v2"))
        let store = try ConfigurationsFixture.syncedStore(source)
        let step = InferredStep(sourceModel: source, destinationModel: destination)
        let migrated = try StepRunner.run(step, sourcePath: store)
        let predicted = try ConfigurationsFixture.syncedStore(destination)
        let whole = try TemporaryDirectory.make().appendingPathComponent("Whole.sqlite").path
        _ = try StoreWriter(model: destination).create(at: whole)
        let schema = try StoreDump(migrated).schema()
        #expect(schema == (try StoreDump(predicted).schema()))
        #expect(schema != (try StoreDump(whole).schema()), "the whole model's schema has Note's table too")
        #expect(
            try StoreDump(migrated).primaryKeys(includeMax: false) == (try StoreDump(predicted).primaryKeys(includeMax: false)))
    }

    /// A model of two configurations (`Side`: `Aside`, numbered first in the whole model; `Main`: the rest) whose
    /// `Item` is renamed `Thing` by renaming identifier at version 2, and gets an attribute at version 3.
    static func renamingModel(_ version: Int) -> ObjectModel {
        let item = version == 1 ? "Item" : "Thing"
        return ObjectModel(
            name: "Renaming \(version)",
            entities: [
                Entity(name: "Aside", attributes: [Attribute(name: "label", type: .string)]),
                Entity(
                    name: item, renamingIdentifier: version == 1 ? nil : "Item",
                    attributes: [Attribute(name: "title", type: .string)]
                        + (version == 3 ? [Attribute(name: "note", type: .string)] : [])),
                Entity(name: "Shelf", attributes: [Attribute(name: "width", type: .double)]),
            ],
            configurations: [
                ModelConfiguration(name: "Side", entityNames: ["Aside"]),
                ModelConfiguration(name: "Main", entityNames: [item, "Shelf"]),
            ])
    }

    /// Found by the generated run (issue 30): Core Data's `Z_PRIMARYKEY` keeps a renamed entity's old name, and
    /// a configuration's store was then taken for no configuration's (its names are not the configuration's):
    /// `verify` read it with the whole model's numbers and the next step refused it.
    @Test("A configuration's store whose entity was renamed keeps the old name, verifies, and migrates on")
    func renamedEntityKeepsItsConfiguration() throws {
        let store = try TemporaryDirectory.make().appendingPathComponent("Main.sqlite").path
        let main = try #require(Self.renamingModel(1).configurations.last)
        try StoreSeeder(model: Self.renamingModel(1), objects: 3, seed: 5, configuration: main).write(to: store)
        let renamed = try StepRunner.run(
            InferredStep(sourceModel: Self.renamingModel(1), destinationModel: Self.renamingModel(2)), sourcePath: store)
        #expect(try StoreDump(renamed).primaryKeys(includeMax: false) == ["1|Shelf|0", "2|Item|0"])
        try StoreValidator(model: Self.renamingModel(2)).validate(renamed, expectedCounts: ["Thing": 3, "Shelf": 3])
        let next = try StepRunner.run(
            InferredStep(sourceModel: Self.renamingModel(2), destinationModel: Self.renamingModel(3)), sourcePath: renamed)
        try StoreValidator(model: Self.renamingModel(3)).validate(next, expectedCounts: ["Thing": 3, "Shelf": 3])
        #expect(try StoreDump(next).integer("SELECT COUNT(*) FROM ZTHING WHERE ZTITLE IS NOT NULL") ?? 0 > 0)
    }
}
