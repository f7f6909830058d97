import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("A store holding one configuration of a multi-configuration model", Corpus.required)
struct ConfigurationStoreTests {
    /// `TestModel_MultiConfig_1`: `MultiItem1` in `Config1`, `MultiItem2` in `Config2`.
    static func models() throws -> ModelBundle {
        try ModelLoader.load(path: Corpus.path("models-only/tml/TestModel_MultiConfig_2.xcdatamodeld"))
    }

    /// A `Config2` store of `model` written by the engine's StoreWriter, holding three `MultiItem2` objects.
    static func config2Store(_ model: ObjectModel) throws -> String {
        let configuration = try #require(model.configurations.first { $0.name == "Config2" })
        let path = try TemporaryDirectory.make().appendingPathComponent("Config2.sqlite").path
        try StoreWriter(model: model, schema: SchemaBuilder(model: model.restricted(to: configuration)).build())
            .create(at: path, options: StoreCreationOptions(maxPrimaryKeys: ["MultiItem2": 3]))
        for key in 1...3 {
            try StoreDump.execute(
                path, #"INSERT INTO ZMULTIITEM2 (Z_PK, Z_ENT, Z_OPT, ZID2) VALUES (\#(key), 1, 1, 'item \#(key)')"#)
        }
        return path
    }

    @Test("It is identified at its version and verifies; Z_PRIMARYKEY numbers its one entity 1")
    func verifies() throws {
        let bundle = try Self.models()
        let model = try #require(bundle.version(named: "TestModel_MultiConfig_1"))
        let store = try Self.config2Store(model)
        let contents = try StoreReader.read(path: store)
        #expect(CompatibilityCheck.check(bundle, metadata: contents.metadata).compatibleVersion == model.name)
        #expect(contents.primaryKeys.map(\.name) == ["MultiItem2"])
        try StoreValidator(model: model).validate(store, expectedCounts: ["MultiItem2": 3])
        // Entities that make up no configuration are not a configuration's store.
        try StoreDump.execute(store, #"UPDATE Z_PRIMARYKEY SET Z_NAME = 'MultiItem3'"#)
        #expect(throws: ExecutionError.self) { try StoreValidator(model: model).validate(store) }
    }

    @Test("Hashes recorded for one configuration's entities alone match that configuration, and only it")
    func configurationHashes() throws {
        let model = try #require(try Self.models().version(named: "TestModel_MultiConfig_1"))
        let hashes = VersionHasher(model: model).entityHashes
        #expect(CompatibilityCheck.compare(model, storeHashes: hashes.filter { $0.key == "MultiItem2" }).isCompatible)
        #expect(model.matchesVersionHashes(hashes.filter { $0.key == "MultiItem1" }))
        #expect(!model.matchesVersionHashes([:]))
        var changed = hashes.filter { $0.key == "MultiItem2" }
        changed["MultiItem2"] = hashes["MultiItem1"]
        #expect(!CompatibilityCheck.compare(model, storeHashes: changed).isCompatible)
    }

    @Test("An inferred step migrates it within its configuration and keeps every object")
    func migrates() throws {
        let bundle = try Self.models()
        let source = try #require(bundle.version(named: "TestModel_MultiConfig_1"))
        // The next version's new counter, without its id type change (which no inferred step can make).
        let counter = try #require(
            bundle.version(named: "TestModel_MultiConfig_2")?.entity(named: "MultiItem2")?.attribute(named: "counter2"))
        var edited = source
        edited.name = "TestModel_MultiConfig_1 with counter2"
        edited.entities = source.entities.map { entity in
            var entity = entity
            if entity.name == "MultiItem2" { entity.attributes.append(counter) }
            return entity
        }
        let destination = edited
        let store = try Self.config2Store(source)
        let plan = MigrationPlan(
            from: source.name, to: destination.name,
            steps: [
                StepCandidate(
                    from: source.name, to: destination.name, origin: .inferred,
                    factory: { InferredStep(sourceModel: source, destinationModel: destination) })
            ])
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: store, plan: plan)])
        try StoreValidator(model: destination).validate(store, expectedCounts: ["MultiItem2": 3])
        let dump = try StoreDump(store)
        #expect(try dump.primaryKeys() == ["1|MultiItem2|0|3"])
        #expect(
            try dump.strings("SELECT Z_PK, ZID2, ZCOUNTER2 FROM ZMULTIITEM2 ORDER BY Z_PK")
                == (1...3).map { ["int64(\($0))", "string(\"item \($0)\")", "int64(0)"] })
        #expect(try dump.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZMULTIITEM1'") == 0)
        let recorded = try StoreReader.read(path: store).metadata.versionHashes
        #expect(recorded == VersionHasher(model: destination).entityHashes, "the whole model's hashes, as Core Data records them")
    }
}
