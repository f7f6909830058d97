import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Mapped step on the corpus", Corpus.required)
struct MappedStepCorpusTests {
    static let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
    static let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"

    private func step(_ file: String, _ modelPath: String, _ from: String, _ to: String) throws
        -> MappedStep
    {
        try MappedStep(
            mapping: try MappingFileReader.read(path: MappedStepFixtures.mappingFile(file)),
            sourceModel: try MappedStepFixtures.model(modelPath, version: from),
            destinationModel: try MappedStepFixtures.model(modelPath, version: to),
            batchSize: 300)
    }

    @Test("colors v1 → v2: the renamed attribute keeps every value and every Z_PK")
    func colorsRename() throws {
        let step = try step(
            "wibosco-colors/colors-1-to-2.yaml", Self.colors, "CoreDataMigration_Example", "CoreDataMigration_Example 2")
        let (path, events) = try MappedStepFixtures.run(step, store: "wibosco-colors/stores/CoreDataMigration_Example_1.sqlite")
        let original = try DatabaseQueue(path: try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite"))
        let before = try original.read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZCOLOR, ZDATE, ZPOSTID FROM ZPOST ORDER BY Z_PK")
        }
        let after = try DatabaseQueue(path: path).read { db in
            (
                try Row.fetchAll(db, sql: "SELECT Z_PK, ZHEXCOLOR, ZDATE, ZPOSTID FROM ZPOST ORDER BY Z_PK"),
                try Int64.fetchOne(db, sql: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Post'"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '_CDMIGRATE%'")
            )
        }
        #expect(before.count == 1001)
        #expect(after.0.map { Array($0.databaseValues) } == before.map { Array($0.databaseValues) })
        #expect(after.1 == before.last?["Z_PK"])
        #expect(after.2.isEmpty)
        #expect(events.last == .entityProgress(index: 0, entity: "PostToPost", done: 1001, total: 1001))
    }

    @Test("colors v2 → v3: each Post gets its own Color with a new UUID and the old hex")
    func colorsSplit() throws {
        let step = try step(
            "wibosco-colors/colors-2-to-3.yaml", Self.colors, "CoreDataMigration_Example 2", "CoreDataMigration_Example 3")
        let (path, _) = try MappedStepFixtures.run(step, store: "wibosco-colors/stores/CoreDataMigration_Example_2.sqlite")
        let original = try DatabaseQueue(path: try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_2.sqlite"))
        let hexes = try original.read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZHEXCOLOR FROM ZPOST ORDER BY Z_PK") }
        let linked = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.Z_PK, c.ZHEX, c.ZCOLORID, c.ZPOST = p.Z_PK AS back FROM ZPOST p JOIN ZCOLOR c ON c.Z_PK = p.ZCOLOR
                    ORDER BY p.Z_PK
                    """)
        }
        #expect(hexes.count == 5979)
        #expect(linked.map { [$0[0], $0[1]] as [DatabaseValue] } == hexes.map { [$0[0], $0[1]] as [DatabaseValue] })
        #expect(linked.allSatisfy { $0["back"] == 1 })
        let ids = Set(linked.compactMap { $0["ZCOLORID"] as String? })
        #expect(ids.count == 5979 && ids.allSatisfy { UUID(uuidString: $0) != nil })
    }

    @Test("sections v2 → v3: each Post gets one Section with the first four characters and the body")
    func sectionsSplit() throws {
        let step = try step(
            "wibosco-sections/sections-2-to-3.yaml", Self.sections, "CoreDataMigration_Example 2", "CoreDataMigration_Example 3")
        let (path, _) = try MappedStepFixtures.run(step, store: "wibosco-sections/stores/CoreDataMigration_Example_2.sqlite")
        let original = try DatabaseQueue(path: try Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_2.sqlite"))
        let contents = try original.read { try Row.fetchAll($0, sql: "SELECT Z_PK, ZCONTENT FROM ZPOST ORDER BY Z_PK") }
        let sections = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT ZPOST, ZTITLE, ZBODY, ZINDEX FROM ZSECTION ORDER BY ZPOST")
        }
        #expect(contents.count == 10 && sections.count == 10)
        for (post, section) in zip(contents, sections) {
            let content: String = post["ZCONTENT"]
            #expect(section["ZPOST"] == post["Z_PK"] as Int64)
            #expect(section["ZTITLE"] == String(content.prefix(4)) + "...")
            #expect(section["ZBODY"] == content)
            #expect(section["ZINDEX"] == 0)
        }
    }
}
