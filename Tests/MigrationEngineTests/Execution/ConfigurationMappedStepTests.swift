import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("A mapped step on a store holding one configuration of a multi-configuration model", Corpus.required)
struct ConfigurationMappedStepTests {
    static let mappingPath = "models-only/tml/TestModel_MultiConfig_12.xcmappingmodel"

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

    @Test("TMLPersistentContainer's MultiConfig 1→2 mapping migrates a Config2 store within Config2, every object kept")
    func migratesWithinConfiguration() throws {
        let bundle = try Self.models()
        let source = try #require(bundle.version(named: "TestModel_MultiConfig_1"))
        let destination = try #require(bundle.version(named: "TestModel_MultiConfig_2"))
        let store = try Self.config2Store(source)
        try StoreDump.execute(store, "UPDATE ZMULTIITEM2 SET ZID2 = CAST(Z_PK * 10 AS TEXT)")
        let mapping = try XcodeMappingImporter.read(path: Corpus.path(Self.mappingPath))
        var registry = MigrationPolicyRegistry()
        for item in 1...2 {
            registry.register(
                IdentifierToNumberPolicy(attribute: "id\(item)"),
                named: "TMLPersistentContainerTests.MultiItem\(item)MigrationPolicy1to2")
        }
        let policies = registry
        let plan = MigrationPlan(
            from: source.name, to: destination.name,
            steps: [
                StepCandidate(
                    from: source.name, to: destination.name, origin: .mapping("TestModel_MultiConfig_12"),
                    factory: {
                        try MappedStep(mapping: mapping, sourceModel: source, destinationModel: destination, policies: policies)
                    })
            ])
        try ChainExecutor(options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
            .run([MigrationJob(storePath: store, plan: plan)])
        try StoreValidator(model: destination).validate(store, expectedCounts: ["MultiItem2": 3])
        let dump = try StoreDump(store)
        #expect(try dump.primaryKeys() == ["1|MultiItem2|0|3"])
        #expect(
            try dump.strings("SELECT Z_PK, ZID2 FROM ZMULTIITEM2 ORDER BY Z_PK")
                == (1...3).map { ["int64(\($0))", "int64(\($0 * 10))"] })
        #expect(try dump.integer("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ZMULTIITEM1'") == 0)
        let contents = try StoreReader.read(path: store)
        #expect(contents.metadata.versionHashes == VersionHasher(model: destination).entityHashes)
        let cached = try #require(try contents.cachedModel())
        #expect(VersionHasher(model: cached).entityHashes == VersionHasher(model: destination).entityHashes)
    }
}

/// What TMLPersistentContainer's `MultiItem<n>MigrationPolicy1to2` are there for: `id<n>` goes from a String
/// holding a number to an Integer 32.
struct IdentifierToNumberPolicy: MigrationPolicy {
    let attribute: String

    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let item = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        guard case .string(let text) = try context.value(attribute, of: source), let number = Int64(text) else {
            throw CocoaError(.coderInvalidValue)
        }
        try context.update(item, values: [attribute: .integer(number)])
    }
}
