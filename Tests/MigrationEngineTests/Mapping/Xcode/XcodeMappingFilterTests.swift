import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// An entity mapping's filter predicate (Xcode's "Filter Predicate", kept as `sourcefilterpredicatestring` and
/// compiled into the source fetch): Core Data migrates only the source objects it matches, and so does
/// cdmigrate. Found by running a real app's mapping models (the UnCloudNotes tutorial app's v2 → v3,
/// `NoteToAttachment` with `image != nil`), which cdmigrate refused as "not understood"; the same mapping
/// model's `NoteToAttachment.note` is given by the key path `$source` alone, which it refused too.
@Suite("Xcode mapping models: an entity mapping's filter predicate, a relationship from $source itself")
struct XcodeMappingFilterTests {
    /// The sample app's Journal 3 → 4 mapping model with `predicate` as `EntryToEntry`'s filter.
    static func filtered(_ predicate: String) -> String {
        CustomPolicyFixture.xcmapping(
            withEntryField: #"<attribute name="sourcefilterpredicatestring" type="string">\#(predicate)</attribute>"#)
    }

    @Test("only the source objects the predicate matches are migrated, with what the policy makes of them")
    func onlyMatchingObjects() throws {
        let text = Self.filtered(#"mood &gt;= 3 AND text CONTAINS[c] "rain""#)
        let mapping = try XcodeMappingImporter.read(Data(text.utf8), file: "Journal3to4.xcmappingmodel")
        let filter = try #require(mapping.mapping(named: "EntryToEntry")?.filter)
        #expect(filter.text.contains("$source.mood"), "written in the mapping language: \(filter.text)")
        var policies = MigrationPolicyRegistry()
        policies.register(EntryAuthorPolicy(), named: "EntryToAuthorMigrationPolicy")
        let step = try MappedStep(
            mapping: mapping, sourceModel: SampleJournalStore.version(3), destinationModel: SampleJournalStore.version(4),
            policies: policies)
        let source = try SampleJournalStore.journal3([
            ("Ada", 1, "rain again"), ("Bob", 4, "Rain today"), (nil, 5, "sunny"), ("Cy", 3, "no rain"),
        ])
        let output = try SampleJournalStore.run(step, source: source)
        let (texts, authors) = try DatabaseQueue(path: output).read { db in
            (
                try String.fetchAll(db, sql: #"SELECT "ZTEXT" FROM "ZENTRY" ORDER BY "ZTEXT""#),
                try String.fetchAll(db, sql: #"SELECT "ZNAME" FROM "ZAUTHOR" ORDER BY "ZNAME""#)
            )
        }
        #expect(texts == ["Rain today", "no rain"])
        #expect(authors == ["Bob", "Cy"])
    }

    @Test("TRUEPREDICATE (and an empty predicate) is no filter; FALSEPREDICATE matches nothing")
    func constants() throws {
        for predicate in ["TRUEPREDICATE", ""] {
            let mapping = try XcodeMappingImporter.read(Data(Self.filtered(predicate).utf8), file: "m.xcmappingmodel")
            #expect(mapping.mapping(named: "EntryToEntry")?.filter == nil, "\(predicate)")
        }
        let none = try XcodeMappingImporter.read(Data(Self.filtered("FALSEPREDICATE").utf8), file: "m.xcmappingmodel")
        #expect(none.mapping(named: "EntryToEntry")?.filter?.expression.kind == .literal(.bool(false)))
    }

    @Test("a predicate the expression language cannot read fails the import, naming the entity mapping")
    func unreadable() throws {
        let error = #expect(throws: MappingFileError.self) {
            try XcodeMappingImporter.read(Data(Self.filtered("mood &gt;&gt;&gt; 3").utf8), file: "Journal3to4.xcmappingmodel")
        }
        #expect(
            error?.message.hasPrefix("entity mapping EntryToEntry: the source filter predicate cannot be read") == true,
            "\(String(describing: error))")
    }

    @Test("a relationship given by the key path $source alone: the objects that mapping made from this object")
    func relationshipFromSourceItself() throws {
        let text = CustomPolicyFixture.xcmapping.replacingOccurrences(
            of: #"<attribute name="name" type="string">author</attribute>"#,
            with: #"<attribute name="name" type="string">author</attribute>"#
                + #"<attribute name="sourcekeypath" type="string">$source</attribute>"#
                + #"<attribute name="sourcemappingname" type="string">EntryToAuthor</attribute>"#)
        let mapping = try XcodeMappingImporter.read(Data(text.utf8), file: "Journal3to4.xcmappingmodel")
        let author = try #require(mapping.mapping(named: "EntryToEntry")?.relationship("author")?.value)
        let expected = Expression(
            .function(
                target: Expression(.variable("manager")), selector: SelectorCall.entityMappingLookup,
                arguments: [Expression(.literal(.string("EntryToAuthor"))), .source]))
        #expect(author.expression.description == expected.description, "\(author.text)")
    }

    @Test("no route: the unusable mapping named is the one on the way, not another step's")
    func noRouteNamesTheMappingOnTheWay() throws {
        let folder = try TemporaryDirectory.make()
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        // Journal 1 → 2: a field nothing reads; Journal 3 → 4: a custom policy class no one registered.
        try XcodeMappingUserInfoTests.writeUnreadableJournal1to2(in: mappings)
        let own = mappings.appendingPathComponent("Journal3to4.xcmappingmodel")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try Data(CustomPolicyFixture.xcmapping.utf8).write(to: own.appendingPathComponent("xcmapping.xml"))
        var settings = PlanningSettings()
        settings.mappingDirectories = [mappings.path]
        let project = try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
        let three = try JournalFixture.store(version: 3, entries: 5, in: folder)
        let error = #expect(throws: PlanningError.self) { try project.plan(store: three, target: "Journal 4") }
        let text = error?.description ?? ""
        #expect(text.contains("mapping Journal3to4.xcmappingmodel (Journal 3 → Journal 4) cannot be used"), "\(text)")
        #expect(!text.contains("Journal1to2"), "\(text)")
    }
}
