import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 30 item 6: every field Xcode writes for an entity mapping is read, user info (`userinfodata`, a
/// keyed-archived dictionary) included and handed to the mapping's policy; a mapping model that cannot be
/// applied blocks its own step only.
@Suite("Xcode mapping models: user info, and mapping models that cannot be applied")
struct XcodeMappingUserInfoTests {
    /// `entries` as Xcode archives an entity mapping's user info.
    static func archived(_ entries: [String: String]) -> String {
        var builder = KeyedArchiveBuilder()
        let values = entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: builder.string($0.value)) }
        let root = builder.dictionary(values, classes: ["NSMutableDictionary", "NSDictionary", "NSObject"])
        return BinaryPropertyListWriter.write(builder.archive(root: root)).base64EncodedString()
    }

    /// The sample app's Journal 3 → 4 mapping model with user info on `EntryToEntry`.
    static func withUserInfo(_ encoded: String) -> String {
        CustomPolicyFixture.xcmapping(withEntryField: #"<attribute name="userinfodata" type="binary">\#(encoded)</attribute>"#)
    }

    @Test("user info is read and given to the policy, which names each author with its prefix")
    func userInfoReachesPolicy() throws {
        let text = Self.withUserInfo(Self.archived(["prefix": "Dr. ", "modelVersion": "4"]))
        let mapping = try XcodeMappingImporter.read(Data(text.utf8), file: "Journal3to4.xcmappingmodel")
        #expect(mapping.mapping(named: "EntryToEntry")?.userInfo == ["prefix": "Dr. ", "modelVersion": "4"])
        var policies = MigrationPolicyRegistry()
        policies.register(PrefixedAuthorPolicy(), named: "EntryToAuthorMigrationPolicy")
        let step = try MappedStep(
            mapping: mapping, sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4),
            policies: policies)
        let output = try SampleJournalStore.run(step, source: try SampleJournalStore.journal3([("Ada", 1, "a")]))
        let names = try DatabaseQueue(path: output).read { try String.fetchAll($0, sql: #"SELECT "ZNAME" FROM "ZAUTHOR""#) }
        #expect(names == ["Dr. Ada"])
    }

    @Test("user info that is not a keyed archive fails the import, naming the entity mapping")
    func badUserInfo() throws {
        let text = Self.withUserInfo(Data("not an archive".utf8).base64EncodedString())
        let error = #expect(throws: MappingFileError.self) {
            try XcodeMappingImporter.read(Data(text.utf8), file: "Journal3to4.xcmappingmodel")
        }
        #expect(error?.message.hasPrefix("entity mapping EntryToEntry: the user info is not a keyed archive") == true)
    }

    @Test("a scaffold of a mapping model keeps its user info, and the file reads it back")
    func scaffoldKeepsUserInfo() throws {
        let fixture = try CustomPolicyFixture.make(entries: 0)
        let file = URL(fileURLWithPath: fixture.mappingModel).appendingPathComponent("xcmapping.xml")
        try Data(Self.withUserInfo(Self.archived(["prefix": "Dr. "])).utf8).write(to: file)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath, settings: PlanningSettings())
        let text = MappingFileWriter.text(try project.scaffoldMapping(mappingModel: fixture.mappingModel))
        #expect(text.contains("    userInfo:  # given to the mapping's policy\n      prefix: 'Dr. '\n"))
        let read = try MappingFileReader.read(try CustomPolicyFixture.completed(text), path: "journal.yaml")
        #expect(read.mapping(named: "EntryToEntry")?.userInfo == ["prefix": "Dr. "])
    }

    @Test("a mapping model that cannot be applied blocks its own step; the folder's other steps plan")
    func unusableBlocksOwnStepOnly() throws {
        let folder = try TemporaryDirectory.make()
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.copyItem(atPath: JournalFixture.mappingsPath, toPath: mappings.path)
        try Self.writeUnreadableJournal1to2(in: mappings)
        var settings = PlanningSettings()
        settings.mappingDirectories = [mappings.path]
        let project = try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
        let three = try JournalFixture.store(version: 3, entries: 5, in: folder)
        #expect(try project.plan(store: three, target: "Journal 4").plan.steps.map(\.origin) == [.mapping("journal-3-to-4.yaml")])
        let one = try JournalFixture.store(version: 1, entries: 5, in: try TemporaryDirectory.make())
        let error = #expect(throws: PlanningError.self) { try project.plan(store: one, target: "Journal 2") }
        #expect(error?.description.contains("mapping Journal1to2.xcmappingmodel (Journal 1 → Journal 2) cannot be used") == true)
        #expect(error?.description.contains("the field frobnication is not understood") == true)
    }

    /// Writes `Journal1to2.xcmappingmodel` into `mappings`: the Journal 3 → 4 fixture moved to Journal 1 → 2,
    /// with a field nothing reads (`frobnication`), so it cannot be applied.
    static func writeUnreadableJournal1to2(in mappings: URL) throws {
        let broken = mappings.appendingPathComponent("Journal1to2.xcmappingmodel")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        let text = CustomPolicyFixture.xcmapping
            .replacingOccurrences(of: "Journal 3.xcdatamodel", with: "Journal 1.xcdatamodel")
            .replacingOccurrences(of: "Journal 4.xcdatamodel", with: "Journal 2.xcdatamodel")
            .replacingOccurrences(
                of: #"<attribute name="mappingtypename""#,
                with: #"<attribute name="frobnication" type="string">yes</attribute><attribute name="mappingtypename""#)
        try Data(text.utf8).write(to: broken.appendingPathComponent("xcmapping.xml"))
    }

    @Test("mhw-books: every mapping model imports with its user info, and the folder plans", Corpus.required)
    func mhwBooks() throws {
        let model = try XcodeMappingImporter.read(path: Corpus.path("mhw-books/mappings/Model1_to_Model2.xcmappingmodel"))
        let book = try #require(model.entityMappings.first { $0.policy == "MHWBookToBookPolicy" })
        #expect(book.userInfo == ["modelVersion": "2"])
        let users = try XcodeMappingImporter.read(path: Corpus.path("mhw-books/mappings/Model2_to_Model3.xcmappingmodel"))
        // Its second `userinfodata` is on an entity mapping object the model no longer lists (Xcode leaves it).
        #expect(users.entityMappings.filter { $0.userInfo == ["modelVersion": "3"] }.map(\.policy) == ["MHWBookToBookPolicy"])
        var settings = PlanningSettings()
        settings.mappingDirectories = [Corpus.path("mhw-books/mappings")]
        let project = try MigrationProject(modelPath: Corpus.path("mhw-books/Model.xcdatamodeld"), settings: settings)
        let store = try Corpus.copyStore("mhw-books/stores/Model1.sqlite")
        // The custom policy classes' code is the app's: their step cannot run here, and the plan says which.
        let error = #expect(throws: (any Error).self) { try project.plan(store: store, target: "Model2") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("MHWBookToBookPolicy"))
    }
}

/// `EntryAuthorPolicy` naming each author with the `prefix` its mapping's user info gives.
struct PrefixedAuthorPolicy: MigrationPolicy {
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        guard case .string(let name) = try context.value("author", of: source) else { return }
        let author = try context.insert("Author", values: ["name": .string((mapping.userInfo["prefix"] ?? "") + name)])
        try context.link(entry, "author", to: [author])
    }
}
