import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Apple's mapping models as Xcode wrote them, and one written here for the sample app (`CustomPolicyFixture`).
@Suite("Xcode mapping model import")
struct XcodeMappingImporterTests {
    static let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"

    @Test("the sample app's mapping model naming a policy class: a note, refused to run, then run by a Swift policy")
    func samplePolicyClass() throws {
        let fixture = try CustomPolicyFixture.make(entries: 0)
        let mapping = try XcodeMappingImporter.read(path: fixture.mappingModel)
        #expect(mapping.sourceVersion == "Journal 3" && mapping.destinationVersion == "Journal 4")
        #expect(mapping.entityMappings.map(\.name) == ["Author", "EntryToEntry"])
        #expect(mapping.entityMappings.map(\.kind) == [.add, .custom])
        #expect(mapping.requiredPolicies == [CustomPolicyFixture.policyClass])
        #expect(mapping.notes.count == 1 && mapping.notes.first?.contains(#"named "EntryToAuthorMigrationPolicy""#) == true)
        #expect {
            try MappedStep(
                mapping: mapping, sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4))
        } throws: { error in
            (error as? MappingFileError)?.message.hasPrefix(
                "mapping EntryToEntry needs the migration policy \(CustomPolicyFixture.policyClass), which is not registered")
                == true
        }
        var policies = MigrationPolicyRegistry()
        policies.register(EntryAuthorPolicy(), named: "EntryToAuthorMigrationPolicy")
        let step = try MappedStep(
            mapping: mapping, sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4),
            policies: policies)
        let source = try SampleJournalStore.journal3([("Ada", 1, "a"), (nil, 2, "b"), ("Grace", 3, "c"), ("Ada", 4, "d")])
        let output = try SampleJournalStore.run(step, source: source)
        let linked = try DatabaseQueue(path: output).read { db in
            try String?.fetchAll(
                db, sql: #"SELECT a."ZNAME" FROM "ZENTRY" e LEFT JOIN "ZAUTHOR" a ON a."Z_PK" = e."ZAUTHOR" ORDER BY e."Z_PK""#)
        }
        #expect(linked == ["Ada", nil, "Grace", "Ada"])
    }

    @Test(
        "Migration1to2 decodes $source.color from its keyed-archived NSExpression",
        Corpus.required)
    func decodesExpression() throws {
        let model = try XcodeMappingImporter.read(path: Corpus.path("wibosco-colors/mappings/Migration1to2.xcmappingmodel"))
        #expect(model.sourceVersion == "CoreDataMigration_Example")
        #expect(model.destinationVersion == "CoreDataMigration_Example 2")
        #expect(model.entityMappings.map(\.name) == ["PostToPost"])
        let post = try #require(model.entityMappings.first)
        #expect(post.kind == .transform && post.sourceEntity == "Post" && post.destinationEntity == "Post")
        #expect(post.attributes.map(\.name) == ["hexColor"])
        #expect(post.attribute("hexColor")?.value?.text == "$source.color")
        #expect(model.notes.isEmpty)
    }

    @Test(
        "Migration1to2 imported as-is migrates store 1 to v2 with every hexColor equal to the old color",
        Corpus.required)
    func migratesColors() throws {
        let mapping = try XcodeMappingImporter.read(path: Corpus.path("wibosco-colors/mappings/Migration1to2.xcmappingmodel"))
        let step = try MappedStep(
            mapping: mapping, sourceModel: try MappedStepFixtures.model(Self.colors, version: mapping.sourceVersion),
            destinationModel: try MappedStepFixtures.model(Self.colors, version: mapping.destinationVersion))
        let (path, _) = try MappedStepFixtures.run(step, store: "wibosco-colors/stores/CoreDataMigration_Example_1.sqlite")
        let before = try DatabaseQueue(path: try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite"))
            .read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZCOLOR, ZDATE, ZPOSTID FROM ZPOST ORDER BY Z_PK") }
        let after = try DatabaseQueue(path: path)
            .read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZHEXCOLOR, ZDATE, ZPOSTID FROM ZPOST ORDER BY Z_PK") }
        #expect(before.count == 1001)
        #expect(after.map { Array($0.databaseValues) } == before.map { Array($0.databaseValues) })
    }

    @Test(
        "a mapping with a custom policy class imports with a note, and cannot run until a policy is registered",
        Corpus.required)
    func customPolicy() throws {
        let mapping = try XcodeMappingImporter.read(path: Corpus.path("wibosco-colors/mappings/Migration2to3.xcmappingmodel"))
        #expect(mapping.entityMappings.map(\.name) == ["Color", "PostToPost"])
        #expect(mapping.entityMappings.map(\.kind) == [.add, .custom])
        #expect(mapping.requiredPolicies == ["CoreDataMigration_Example.Post2ToPost3MigrationPolicy"])
        #expect(
            mapping.notes == [
                "mapping PostToPost uses the custom policy class CoreDataMigration_Example.Post2ToPost3MigrationPolicy: "
                    + "register a MigrationPolicy named \"Post2ToPost3MigrationPolicy\" (or "
                    + "\"CoreDataMigration_Example.Post2ToPost3MigrationPolicy\") that does what the class did, or the step cannot run"
            ])
        #expect {
            try MappedStep(
                mapping: mapping, sourceModel: try MappedStepFixtures.model(Self.colors, version: "CoreDataMigration_Example 2"),
                destinationModel: try MappedStepFixtures.model(Self.colors, version: "CoreDataMigration_Example 3"))
        } throws: { error in
            (error as? MappingFileError)?.message.hasPrefix(
                "mapping PostToPost needs the migration policy CoreDataMigration_Example.Post2ToPost3MigrationPolicy, which is not registered"
            ) == true
        }
    }

    @Test(
        "the sections and TMLPersistentContainer mapping models import: order, names, kinds, policies; orphans ignored",
        Corpus.required)
    func otherModels() throws {
        let sections = try XcodeMappingImporter.read(
            path: Corpus.path("wibosco-sections/mappings/Migration2to3ModelMapping.xcmappingmodel"))
        #expect(sections.entityMappings.map(\.name) == ["Section", "PostToPost"])
        #expect(sections.entityMappings.map(\.kind) == [.add, .custom])
        #expect(sections.requiredPolicies == ["CoreDataMigration_Example.Post2ToPost3MigrationPolicy"])
        let simple = try XcodeMappingImporter.read(
            path: Corpus.path("models-only/tml/TestModel_Simple_Mapping12.xcmappingmodel"))
        #expect(simple.sourceVersion == "TestModel_Simple_1" && simple.destinationVersion == "TestModel_Simple_2")
        #expect(simple.entityMappings.map(\.name) == ["SimpleItemToSimpleItem"])
        let multi = try XcodeMappingImporter.read(path: Corpus.path("models-only/tml/TestModel_MultiConfig_12.xcmappingmodel"))
        #expect(multi.entityMappings.map(\.name) == ["MultiItem2ToMultiItem2", "MultiItem1ToMultiItem1"])
        #expect(multi.notes.count == 2)
    }

    @Test(
        "Migration2to3 with a Swift policy in place of Post2ToPost3MigrationPolicy gives each Post its Color",
        Corpus.required)
    func policyReplacesClass() throws {
        let mapping = try XcodeMappingImporter.read(path: Corpus.path("wibosco-colors/mappings/Migration2to3.xcmappingmodel"))
        var policies = MigrationPolicyRegistry()
        policies.register(ColorSplitPolicy(), named: "Post2ToPost3MigrationPolicy")
        let step = try MappedStep(
            mapping: mapping, sourceModel: try MappedStepFixtures.model(Self.colors, version: "CoreDataMigration_Example 2"),
            destinationModel: try MappedStepFixtures.model(Self.colors, version: "CoreDataMigration_Example 3"),
            policies: policies)
        let (path, _) = try MappedStepFixtures.run(step, store: "wibosco-colors/stores/CoreDataMigration_Example_2.sqlite")
        let hexes = try DatabaseQueue(path: try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite"))
            .read { try [String?].init(String?.fetchAll($0, sql: "SELECT ZHEXCOLOR FROM ZPOST ORDER BY Z_PK")) }
        let linked = try DatabaseQueue(path: path).read { db in
            try String?.fetchAll(
                db, sql: "SELECT c.ZHEX FROM ZPOST p JOIN ZCOLOR c ON c.Z_PK = p.ZCOLOR AND c.ZPOST = p.Z_PK ORDER BY p.Z_PK")
        }
        #expect(linked == hexes)
    }
}

/// What the original app's `Post2ToPost3MigrationPolicy` did, as a Swift migration policy.
struct ColorSplitPolicy: MigrationPolicy {
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let post = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        let color = try context.insert(
            "Color",
            values: [
                "colorID": .uuid(UUID()), "hex": try context.value("hexColor", of: source),
            ])
        try context.link(post, "color", to: [color])
    }
}
