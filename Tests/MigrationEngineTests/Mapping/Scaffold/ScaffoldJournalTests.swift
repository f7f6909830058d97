import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The scaffold path on the sample app alone (no corpus): an Xcode mapping model for Journal 3 → 4, written
/// here as Xcode writes one, where the app made each entry's `Author` in a custom policy class. Planned as
/// it is, the step cannot run and the plan says why and what to do; scaffolded, completed with three lines
/// and put beside the mapping model, it runs and gives each entry its author.
@Suite("Scaffolding a mapping for a custom policy (sample app)")
struct ScaffoldJournalTests {
    static let policyClass = CustomPolicyFixture.policyClass

    static func setUp(entries: Int) throws -> (folder: URL, mappings: URL, mappingModel: String, store: String) {
        try CustomPolicyFixture.make(entries: entries)
    }

    static func project(mappings: URL) throws -> MigrationProject {
        var settings = PlanningSettings()
        settings.mappingDirectories = [mappings.path]
        return try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
    }

    @Test("the plan names the step, the class, what the mapping model states, and gives the scaffold as its remedy")
    func planSaysWhatToDo() throws {
        let (_, mappings, _, store) = try Self.setUp(entries: 20)
        let error = #expect(throws: PlanningError.self) {
            try Self.project(mappings: mappings).plan(store: store, target: "Journal 4")
        }
        let message = try #require(error).message
        // How to write the file is the front ends' to say (the remedy), not the engine's message.
        #expect(error?.remedy == .writeMappingFile)
        #expect(!message.contains("cdmigrate scaffold-mapping"))
        #expect(message.contains("step Journal 3 → Journal 4: Journal3to4.xcmappingmodel names the custom policy class"))
        #expect(message.contains("EntryToEntry: \(Self.policyClass)"))
        #expect(message.contains("Author (add Author): makes no objects by itself"))
        #expect(
            message.contains(
                "EntryToEntry (Entry → Entry): gives created, favorite, mood, text, title; leaves author to the policy"))
        #expect(
            message.contains(
                "To proceed: write \(mappings.appendingPathComponent("Journal3to4.yaml").path) from it as a mapping file"
            ))
        #expect(message.contains(#"named "EntryToAuthorMigrationPolicy""#))
    }

    @Test("the scaffold states the mapping model, templates the policy's part, and is the same every time")
    func scaffoldText() throws {
        let (_, mappings, mappingModel, _) = try Self.setUp(entries: 1)
        let project = try Self.project(mappings: mappings)
        let scaffold = try project.scaffoldMapping(mappingModel: mappingModel)
        let text = MappingFileWriter.text(scaffold)
        #expect(MappingFileWriter.text(try project.scaffoldMapping(mappingModel: mappingModel)) == text)
        #expect(scaffold.placeholders == ["Author.name"])
        #expect(text.contains("from: Journal 3\nto: Journal 4\nunmapped: drop\n"))
        #expect(text.contains("    source: Entry\n    destination: Author\n"))
        #expect(text.contains("      entries: { mapping: EntryToEntry }\n"))
        #expect(text.contains("      name: <fill>  # String, optional\n"))
        #expect(text.contains("      title: $source.title\n"))
        #expect(text.contains("      # author: set through its inverse Author.entries\n"))
        #expect(text.contains("Entry in Journal 3 has: "))
        // Not filled in, the file is refused at the line of the value still to write.
        let line = try #require(
            text.components(separatedBy: "\n").firstIndex { $0.hasSuffix("name: <fill>  # String, optional") })
        let error = #expect(throws: MappingFileError.self) { try MappingFileReader.read(text, path: "Journal3to4.yaml") }
        #expect(error?.position?.line == line + 1)
        #expect(error?.message.contains("attribute name is not filled in yet") == true)
    }

    @Test("completed and put beside the mapping model, the scaffold is used for the step and gives every entry its author")
    func completedScaffoldRuns() throws {
        let (_, mappings, mappingModel, store) = try Self.setUp(entries: 300)
        let before = try DatabaseQueue(path: store).read { db in
            try Row.fetchAll(db, sql: #"SELECT "Z_PK", trim("ZAUTHOR") AS "name" FROM "ZENTRY" ORDER BY "Z_PK""#)
                .map { "\($0["Z_PK"] as Int64):\(($0["name"] as String?) ?? "")" }
        }
        let scaffold = try Self.project(mappings: mappings).scaffoldMapping(mappingModel: mappingModel)
        let file = mappings.appendingPathComponent("Journal3to4.yaml").path
        try MappingFileWriter.write(scaffold, to: file, replacing: false)
        #expect(throws: ExecutionError.self) { try MappingFileWriter.write(scaffold, to: file, replacing: false) }
        try Data(try CustomPolicyFixture.completed(try String(contentsOfFile: file, encoding: .utf8)).utf8).write(
            to: URL(fileURLWithPath: file))

        let project = try Self.project(mappings: mappings)
        let planning = try project.plan(store: store, target: "Journal 4")
        let step = try #require(planning.plan.steps.first)
        #expect(planning.plan.steps.count == 1)
        #expect(step.origin == .mapping("Journal3to4.yaml"))
        #expect(step.warnings.first?.hasPrefix("used in place of Journal3to4.xcmappingmodel") == true)
        #expect(planning.graph.unusableMappings.isEmpty)
        try project.migrate([planning], options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))

        let after = try DatabaseQueue(path: store).read { db in
            (
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT e."Z_PK", a."ZNAME" AS "name" FROM "ZENTRY" e LEFT JOIN "ZAUTHOR" a ON a."Z_PK" = e."ZAUTHOR"
                        ORDER BY e."Z_PK"
                        """
                ).map { "\($0["Z_PK"] as Int64):\(($0["name"] as String?) ?? "")" },
                try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "ZAUTHOR""#) ?? -1
            )
        }
        #expect(after.0 == before)
        #expect(
            after.1
                == Set(before.map { String($0.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[1]) })
                .subtracting([""]).count)
        #expect(after.1 > 1)
        #expect(try project.verify(store: store).version == "Journal 4")
    }
}
