import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Scaffolds of the inferred mapping (`scaffold-mapping --from A --to B`) on the sample app: every value
/// written out, read back as a mapping file, and run in place of the inferred step with the same result.
@Suite("Scaffolding the inferred mapping (sample app)")
struct ScaffoldInferredTests {
    @Test("Journal 1 → 3 written out: the rename through the identifier, the new Boolean at its default")
    func journalOneToThree() throws {
        let project = try MigrationProject(modelPath: JournalFixture.modelPath, settings: PlanningSettings())
        let scaffold = try project.scaffoldMapping(from: "Journal 1", to: "Journal 3")
        let text = MappingFileWriter.text(scaffold)
        #expect(scaffold.placeholders.isEmpty)
        #expect(text.contains("  - name: EntryToEntry\n    source: Entry\n    destination: Entry\n"))
        #expect(text.contains("      text: $source.body\n"))
        #expect(text.contains("      favorite: 0  # the model's default\n") || text.contains("      # favorite: not set"))
        #expect(try MappingFileReader.read(text, path: "journal.yaml").entityMappings.map(\.name) == ["EntryToEntry"])

        let folder = try TemporaryDirectory.make()
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try MappingFileWriter.write(scaffold, to: mappings.appendingPathComponent("journal-1-to-3.yaml").path, replacing: false)
        let store = try JournalFixture.store(version: 1, entries: 200, in: folder)
        let before = try DatabaseQueue(path: store).read { db in
            try Row.fetchAll(db, sql: #"SELECT "Z_PK", "ZBODY", "ZAUTHOR" FROM "ZENTRY" ORDER BY "Z_PK""#).map { "\($0)" }
        }
        var settings = PlanningSettings()
        settings.mappingDirectories = [mappings.path]
        let mapped = try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
        let planning = try mapped.plan(store: store, target: "Journal 3")
        #expect(planning.plan.steps.map(\.origin) == [.mapping("journal-1-to-3.yaml")])
        try mapped.migrate([planning], options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
        let after = try DatabaseQueue(path: store).read { db in
            (
                try Row.fetchAll(db, sql: #"SELECT "Z_PK", "ZTEXT" AS "ZBODY", "ZAUTHOR" FROM "ZENTRY" ORDER BY "Z_PK""#).map {
                    "\($0)"
                },
                try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZENTRY" WHERE "ZFAVORITE" = 0"#)
            )
        }
        #expect(after.0 == before)
        #expect(after.1 == 200)
        #expect(try mapped.verify(store: store).version == "Journal 3")
    }

    @Test("written text reads back with the same values, quoting what YAML would misread")
    func quoting() throws {
        let scaffold = MappingScaffold(
            sourceVersion: "A: 1", destinationVersion: "#B", copiesUnmappedEntities: true, header: ["a header", ""],
            mappings: [
                ScaffoldMapping(
                    name: "EntryToEntry", source: .text("Entry"), destination: "Entry",
                    attributes: [
                        ScaffoldProperty(name: "title", value: .text(#""photo""#)),
                        ScaffoldProperty(name: "text", value: .text("$source.a == 1 ? 'x: y' : \"z #1\"")),
                    ],
                    relationships: [
                        ScaffoldProperty(name: "author", value: .lookup(mapping: "EntryToAuthor", from: "$source.writer"))
                    ])
            ])
        let text = MappingFileWriter.text(scaffold)
        let model = try MappingFileReader.read(text, path: "q.yaml")
        #expect(model.sourceVersion == "A: 1" && model.destinationVersion == "#B")
        let mapping = try #require(model.entityMappings.first)
        #expect(mapping.attribute("title")?.value?.expression.description == #""photo""#)
        #expect(mapping.attribute("text")?.value?.text == "$source.a == 1 ? 'x: y' : \"z #1\"")
        #expect(
            mapping.relationship("author")?.value?.expression.description.contains(#""EntryToAuthor", $source.writer"#) == true)
        #expect(text.hasPrefix("# a header\n#\nfrom: 'A: 1'\nto: '#B'\nunmapped: copy\n"))
    }
}
